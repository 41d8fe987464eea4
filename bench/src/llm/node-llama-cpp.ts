/**
 * The few parts of node-llama-cpp (3.21.1) that local-llm-server.ts uses: the package is
 * installed outside the workspaces (scripts/local-llm/install.sh), so its own types are not here.
 */
import type { ChatHistoryItem } from './openai-chat.ts';

export type NodeLlamaCpp = {
  getLlama(options: { gpu: false; build: 'never'; logLevel: 'error' }): Promise<Llama>;
  LlamaChat: new (options: { contextSequence: unknown }) => LlamaChat;
};
type Llama = {
  loadModel(options: { modelPath: string }): Promise<LlamaModel>;
  dispose(): Promise<void>;
};
type LlamaModel = {
  trainContextSize: number;
  tokenizer: unknown;
  createContext(options: {
    contextSize: number;
    threads: number;
    batchSize: number;
    flashAttention: boolean;
  }): Promise<{ getSequence(): unknown; dispose(): Promise<void> }>;
  dispose(): Promise<void>;
};
type LlamaChat = {
  chatWrapper: {
    generateContextState(options: { chatHistory: ChatHistoryItem[] }): {
      contextText: { tokenize(tokenizer: unknown): unknown[] };
    };
  };
  generateResponse(
    history: ChatHistoryItem[],
    options: {
      maxTokens: number;
      temperature: number | undefined;
      seed?: number;
      repeatPenalty: {
        lastTokens: number;
        penalty: number;
        frequencyPenalty?: number;
        presencePenalty?: number;
      };
      signal: AbortSignal;
      stopOnAbortSignal: boolean;
      onToken(tokens: unknown[]): void;
      onTextChunk(text: string): void;
    },
  ): Promise<{ response: string; metadata: { stopReason: string } }>;
  dispose(): void;
};
