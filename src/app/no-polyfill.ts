/**
 * Stands in for `isomorphic-fetch`, which umi-request imports for its side effect (a fetch polyfill).
 * Every browser the console supports has fetch, so the polyfill would only add bytes to the first chunk.
 */
export {};
