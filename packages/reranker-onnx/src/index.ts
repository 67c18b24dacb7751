export { createOnnxReranker, type OnnxReranker, type OnnxRerankerOptions } from './onnx-reranker';
