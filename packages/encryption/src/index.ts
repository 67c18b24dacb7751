export { createAesGcmCipher, newKid } from './aes-gcm-cipher';
export { createMasterKey, generateMasterKeyText, parseMasterKey, type MasterKey } from './master-key';
export { fileKeyStoreHasKeys, KEY_STORE_FILE, openFileKeyStore, type FileKeyStoreOptions } from './file-key-store';
export { openSqlKeyStore, SQL_KEY_TABLES, type SqlKeyStoreOptions } from './sql-key-store';
export { loadMasterKey, type MasterKeySource, type LoadedMasterKey } from './load-master-key';
