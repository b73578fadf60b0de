/**
 * The SDK's version, sent in the User-Agent: the version of the API whose OpenAPI document (`info.version`) the
 * SDK's types were generated from, which package.json carries too. A test in the Assay repository fails when the
 * three differ.
 */
export const VERSION = '1.0.0';
