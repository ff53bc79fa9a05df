// Baidu Wenxin (Qianfan v1, "wenxinworkshop") chat endpoints: each preset model has its own URL path segment.
// The table holds the models whose segment is not simply their lower-cased name; any other model uses the lower-cased
// name, as new-api does (ERNIE-4.0-Turbo-8K -> ernie-4.0-turbo-8k, ERNIE-Speed-128K -> ernie-speed-128k).
// @see https://cloud.baidu.com/doc/WENXINWORKSHOP/s/clntwmv7t
// @see https://github.com/baidubce/bce-qianfan-sdk/blob/main/python/qianfan/resources/llm/chat_completion.py (preset endpoints)
// @see https://github.com/QuantumNous/new-api/blob/main/relay/channel/baidu/adaptor.go (GetRequestURL)

/** Chat models whose endpoint differs from their lower-cased name. */
const chatEndpoints: Readonly<Record<string, string>> = {
  'ERNIE-4.0-8K': 'completions_pro',
  'ERNIE-4.0': 'completions_pro',
  'ERNIE-Bot-4': 'completions_pro',
  'ERNIE-4.0-preemptible': 'completions_pro_preemptible',
  'ERNIE-4.0-8K-Preview-0518': 'completions_adv_pro',
  'ERNIE-3.5-8K': 'completions',
  'ERNIE-Bot': 'completions',
  'ERNIE-3.5-8K-preemptible': 'completions_preemptible',
  'ERNIE-Bot-8K': 'ernie_bot_8k',
  'ERNIE-Bot-turbo': 'eb-instant',
  'ERNIE-Lite-8K-0922': 'eb-instant',
  'ERNIE-Lite-8K-0308': 'ernie-lite-8k',
  'ERNIE-Lite-AppBuilder-8K-0614': 'ai_apaas_lite',
  'ERNIE-Speed': 'ernie_speed',
  'ERNIE-Speed-8K': 'ernie_speed',
  'ERNIE Speed-AppBuilder': 'ai_apaas',
  'ERNIE-Bot-turbo-AI': 'ai_apaas',
  'EB-turbo-AppBuilder': 'ai_apaas',
  'ERNIE-Function-8K': 'ernie-func-8k',
  'ERNIE-Functions-8K': 'ernie-func-8k',
  'ERNIE-Character-8K': 'ernie-char-8k',
  'ERNIE-Character-Fiction-8K': 'ernie-char-fiction-8k',
  'BLOOMZ-7B': 'bloomz_7b1',
  'Llama-2-7B-Chat': 'llama_2_7b',
  'Llama-2-13B-Chat': 'llama_2_13b',
  'Llama-2-70B-Chat': 'llama_2_70b',
  'Meta-Llama-3-8B': 'llama_3_8b',
  'Meta-Llama-3-70B': 'llama_3_70b',
  'Qianfan-BLOOMZ-7B-compressed': 'qianfan_bloomz_7b_compressed',
  'Qianfan-Chinese-Llama-2-7B': 'qianfan_chinese_llama_2_7b',
  'Qianfan-Chinese-Llama-2-13B': 'qianfan_chinese_llama_2_13b',
  'Qianfan-Chinese-Llama-2-70B': 'qianfan_chinese_llama_2_70b',
  'ChatGLM2-6B-32K': 'chatglm2_6b_32k',
  'AquilaChat-7B': 'aquilachat_7b',
  'XuanYuan-70B-Chat-4bit': 'xuanyuan_70b_chat',
  ChatLaw: 'chatlaw',
  'Yi-34B-Chat': 'yi_34b_chat',
  'Mixtral-8x7B-Instruct': 'mixtral_8x7b_instruct',
  'Gemma-7B-it': 'gemma_7b_it',
};

const byLowerCase = new Map(Object.entries(chatEndpoints).map(([model, endpoint]) => [model.toLowerCase(), endpoint]));

/** The `chat/{endpoint}` segment of a model: the table's entry (any letter case), else the lower-cased model name. */
export function baiduChatEndpoint(model: string): string {
  const name = model.trim();
  return chatEndpoints[name] ?? byLowerCase.get(name.toLowerCase()) ?? name.toLowerCase();
}
