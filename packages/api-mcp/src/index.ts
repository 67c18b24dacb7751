export { createEngramMcpServer, MCP_SERVER_NAME, MEMORY_URI_PREFIX, type McpServerOptions } from './mcp-server';
export { handleMcpHttp } from './http';
export { openRemoteBridge, type RemoteBridgeOptions } from './remote-bridge';
export { TOOLS, type EngramTool } from './tools';
