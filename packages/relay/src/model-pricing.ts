// How one model is priced: the shape the price lookup answers and the model catalog's list prices fill.

/** How a model is priced: per token through ratios, or a fixed price per call. */
export type ModelPricing =
  | {
      mode: 'ratio';
      modelRatio: number;
      completionRatio: number;
      cacheRatio: number;
      cacheCreationRatio: number;
      /** Audio input tokens relative to text input tokens (1 when unset). */
      audioRatio?: number;
      /** Audio output tokens relative to audio input tokens (1 when unset). */
      audioCompletionRatio?: number;
    }
  | { mode: 'price'; modelPrice: number };
