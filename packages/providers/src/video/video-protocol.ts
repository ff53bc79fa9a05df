// The protocol of one video upstream family (OpenAI Sora, Google Veo, Kling): how the gateway's video request is sent
// to it, how its submit and status answers read, and where the finished file is fetched. Pure: no I/O, no clock
// except the JWT time the caller passes in; the server sends the requests and stores what these readers return.
import type { AdaptorChannel } from '../provider-adaptor';
import type { TaskUpdate } from '../task-protocol';

/** An upstream request of a video protocol (bodies may be multipart bytes). */
export interface VideoUpstreamRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body: string | Uint8Array | null;
}

/** The task actions of a video request. */
export type VideoAction = 'textGenerate' | 'generate' | 'remixGenerate';

/** The reference image of a request: uploaded bytes, or a URL / data URL the caller gave. */
export type VideoReference = { kind: 'bytes'; data: Uint8Array; mimeType: string; fileName: string } | { kind: 'url'; url: string };

/** What the caller asked for, read once from the inbound request (OpenAI `/v1/videos` or Kling native). */
export interface VideoRequest {
  /** new-api's task action: `textGenerate` (prompt only), `generate` (with a reference image), `remixGenerate`. */
  action: VideoAction;
  /** The model sent upstream (after the channel's model mapping). */
  model: string;
  prompt: string;
  /** The requested length in seconds (0: the family's default). */
  seconds: number;
  /** `WIDTHxHEIGHT` as OpenAI spells it, '' for the default. */
  size: string;
  reference: VideoReference | null;
  /** The upstream id of the video a remix starts from ('' otherwise). */
  remixOf: string;
  /** Extra fields the caller sent that the family understands (Kling's mode, cfg_scale, negative_prompt, …). */
  extra: Record<string, unknown>;
}

/** Where a request goes: the channel, and the access token of channels that exchange their key first (Vertex). */
export interface VideoTarget {
  channel: AdaptorChannel;
  accessToken: string | undefined;
  /** Unix seconds now (for signed tokens such as Kling's JWT). */
  nowSeconds: number;
}

/** What the upstream said about a submitted video. */
export interface VideoSubmitReading {
  accepted: boolean;
  /** The upstream's id of the task (an operation name for Veo); '' when refused. */
  upstreamId: string;
  /** The length the upstream accepted (seconds); the requested length when it does not say. */
  seconds: number;
  /** Why it was refused ('' when accepted). */
  message: string;
}

/** The finished file of a task as the upstream serves it. */
export interface VideoContentSource {
  request: VideoUpstreamRequest;
  /**
   * When the file is inside a JSON answer (Vertex's base64 samples): reads it out of that answer; absent when the
   * answer is the file itself.
   */
  inline?: (body: unknown) => { data: Uint8Array; mimeType: string } | null;
}

/** The task a poll or a download is about. */
export interface VideoTaskRef {
  upstreamId: string;
  /** The model the task was sent as. */
  model: string;
  /** The task's action (`generate`, `textGenerate`, `remixGenerate`). */
  action: string;
}

/** One video family's protocol. */
export interface VideoProtocol {
  /** The platform column of the task table (`sora`, `veo`, `kling`). */
  platform: string;
  /** The length asked for when the caller gives none (seconds). */
  defaultSeconds: number;
  /** Billing units of a request: seconds times the family's size ratio (new-api's `EstimateBilling`). */
  billingUnits(request: VideoRequest, seconds: number): number;
  /** The submit request; throws an Error with a caller-facing message when the request cannot be mapped. */
  submitRequest(target: VideoTarget, request: VideoRequest): VideoUpstreamRequest;
  /** Reads a submit answer (status and parsed body; `null` when not JSON). */
  readSubmit(status: number, body: unknown, request: VideoRequest): VideoSubmitReading;
  /** The status request of one task. */
  pollRequest(target: VideoTarget, task: VideoTaskRef): VideoUpstreamRequest;
  /** Reads a status answer into the task's update (its result URL in `imageUrl`); throws when not the family's shape. */
  readPoll(body: unknown, upstreamId: string): VideoPollUpdate;
  /** Where the finished file is fetched; `resultUrl` is what the poll stored. */
  content(target: VideoTarget, task: VideoTaskRef, resultUrl: string): VideoContentSource;
}

/** The progress text of a percentage (0–100). */
export function percent(value: number): string {
  return `${Math.max(0, Math.min(100, Math.round(value)))}%`;
}

/** What a video poll tells of a task (the task's other columns are left as they are). */
export type VideoPollUpdate = Pick<TaskUpdate, 'taskId' | 'status' | 'progress' | 'failReason' | 'imageUrl'>;

/** A video poll update; the result URL and failure reason default to ''. */
export function videoUpdate(upstreamId: string, fields: Pick<TaskUpdate, 'status' | 'progress'> & Partial<VideoPollUpdate>): VideoPollUpdate {
  return { taskId: upstreamId, failReason: '', imageUrl: '', ...fields };
}

/** The base URL without trailing slashes, or the family's default. */
export function baseOf(channel: AdaptorChannel, fallback: string): string {
  return (channel.baseUrl.trim() || fallback).replace(/\/+$/, '');
}
