// Streams a finished video through the gateway. The file is asked of the channel's own host with the channel's
// credentials; a file elsewhere (a CDN URL, a redirect) is fetched only from a public address, without credentials,
// through the SSRF-safe client.
import { findVideoProtocol, type VideoUpstreamRequest } from '@turnpike/providers';
import type { FastifyReply } from 'fastify';
import { request as undiciRequest } from 'undici';
import type { TaskRow } from '../db/schema';
import type { SafeOutbound } from '../http/safe-outbound';
import type { RelayServices } from '../relay/relay-services';
import { asReadable, readBody } from '../relay/upstream-body';
import { UpstreamAbort } from '../relay/upstream-client';
import { upstreamIdOf } from './task-platforms';
import { videoTarget } from './video-target';

/** Streams a video body to `reply` with its content type (MP4 when the host names none) and length. */
async function pipeVideo(reply: FastifyReply, headers: Record<string, string | string[] | undefined>, body: NodeJS.ReadableStream): Promise<void> {
  const type = headers['content-type'];
  const length = headers['content-length'];
  reply.header('content-type', typeof type === 'string' && type ? type : 'video/mp4');
  if (typeof length === 'string') reply.header('content-length', length);
  await reply.send(body);
}

/** Why the file cannot be served (status and message), or null once it was sent. */
export type ContentFailure = { status: number; message: string } | null;

const timeouts = { headersMs: 30_000, bodyMs: 120_000 };

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

async function sendPublic(url: string, reply: FastifyReply, outbound: SafeOutbound): Promise<ContentFailure> {
  const problem = outbound.urlProblem(url);
  if (problem) return { status: 502, message: `the video is at a refused address: ${problem}` };
  const response = await undiciRequest(url, { method: 'GET', dispatcher: outbound.dispatcher, headersTimeout: timeouts.headersMs, bodyTimeout: timeouts.bodyMs });
  if (response.statusCode !== 200) {
    await response.body.dump();
    return { status: 502, message: `the video host answered ${response.statusCode}` };
  }
  await pipeVideo(reply, response.headers, asReadable(response.body));
  return null;
}

/** Sends the task's file to `reply` (a file off the channel's host through `outbound`); answers why not when it cannot. */
export async function sendVideoContent(services: RelayServices, task: TaskRow, reply: FastifyReply, outbound: SafeOutbound): Promise<ContentFailure> {
  if (task.status !== 'SUCCESS') return { status: 404, message: 'the video is not ready' };
  const channel = services.routing.channel(task.channel_id);
  const protocol = channel ? findVideoProtocol(channel.type) : undefined;
  if (!channel || !protocol) return { status: 502, message: `the channel of this video (#${task.channel_id}) is gone` };
  const target = await videoTarget(services.credentials, channel);
  const ref = { upstreamId: upstreamIdOf(task), model: task.model_name, action: task.action };
  const source = protocol.content(target, ref, task.image_url);
  // The channel's own host is the one its poll requests go to; only there are credentials sent.
  const trusted = originOf(protocol.pollRequest(target, ref).url);
  if (originOf(source.request.url) !== trusted) return sendPublic(source.request.url, reply, outbound);
  const request: VideoUpstreamRequest = source.request;
  const body = request.body === null || typeof request.body === 'string' ? request.body : Buffer.from(request.body);
  const response = await services.upstream.send({ url: request.url, method: request.method, headers: request.headers, body }, new UpstreamAbort(), timeouts);
  const location = response.headers.location;
  if (response.status >= 300 && response.status < 400 && typeof location === 'string') {
    response.body.resume();
    return sendPublic(new URL(location, request.url).toString(), reply, outbound);
  }
  if (response.status !== 200) {
    response.body.resume();
    return { status: 502, message: `the upstream answered ${response.status} for the video` };
  }
  if (source.inline) {
    const file = source.inline(JSON.parse((await readBody(response.body)).toString('utf8')));
    if (!file) return { status: 502, message: 'the upstream answer holds no video' };
    await reply.header('content-type', file.mimeType).header('content-length', String(file.data.length)).send(Buffer.from(file.data));
    return null;
  }
  await pipeVideo(reply, response.headers, asReadable(response.body));
  return null;
}
