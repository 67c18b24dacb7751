export { pullModel, MANIFEST_FILE, type PullOptions, type PulledModel, type ModelHub } from './pull';
export { ensureConverterTools, converterToolsPath, runBertToOnnx } from './convert';
export {
  KNOWN_MODELS,
  CONVERTER_TOOLS,
  type KnownModel,
  type ModelFileSource,
  type BertConversion,
  type HubFile,
} from './registry';
export { DEFAULT_MAVEN_REPO } from './package-download';
