/**
 * git's fixed object ids: the one home of these facts. A SHA-1 repository (git's default) and a
 * SHA-256 one (`git init --object-format=sha256`) spell the empty blob differently.
 */

export const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
/** The empty blob in a SHA-1 repository (see isEmptyBlob for both formats). */
export const EMPTY_BLOB = 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391';
export const EMPTY_BLOB_SHA256 = '473a0f4c3be8a93681a267e3b1e9a7dcda1185436fe141f7749120a303721813';
/** The id git writes for "no object" (the old side of an added file, the new side of a deleted one). */
export const NULL_OID = '0000000000000000000000000000000000000000';

/** The empty blob, in either object format. */
export function isEmptyBlob(oid: string): boolean {
  return oid === EMPTY_BLOB || oid === EMPTY_BLOB_SHA256;
}
