import { describe, expect, it } from 'vitest';
import { locateInTitle } from './title-spelling';

describe('a flagged word of the title, where it is now', () => {
  it('at its checked offsets; after an edit before it, at its nearest whole-word occurrence; gone when changed', () => {
    const issue = { from: 4, to: 12, word: 'επενδιση' };
    expect(locateInTitle('Νέα επενδιση στη Νάξο', issue)).toEqual({ from: 4, to: 12 });
    expect(locateInTitle('Μια νέα επενδιση στη Νάξο', issue)).toEqual({ from: 8, to: 16 });
    expect(locateInTitle('Νέα επενδισης', issue)).toBeNull(); // part of another word
    expect(locateInTitle('Νέα επένδυση στη Νάξο', issue)).toBeNull();
  });
});
