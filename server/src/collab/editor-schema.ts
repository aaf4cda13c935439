import { getSchema } from '@tiptap/core';
import { editorExtensions } from '../../../shared/editor/extensions';

/**
 * The one ProseMirror schema of the release text on the server. Nodes of two schema instances
 * never compare equal (their node types differ), so every module that builds or compares
 * documents takes this one.
 */
export const editorSchema = getSchema(editorExtensions());
