import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { maskPhone } from '@yuyue/shared';
import type { Config } from '../../config.ts';

/**
 * Short text messages to phones (one-time codes, visit notifications), through the channel of
 * MESSAGE_CHANNEL (config.messages):
 * - `log`: the text is written to the server log with the phone masked (development);
 * - `http`: POSTed to an SMS gateway (SMS_GATEWAY_URL, SMS_GATEWAY_TOKEN; format in README);
 * - `file`: appended to a file as a JSON line (browser journeys read codes from it);
 * - `memory`: kept in this process (tests read it through `sentMessages`).
 * Sending never throws: a failing channel is logged (phone masked) and reported as `false`;
 * the caller decides whether its request fails (a registration code: yes; a notification: no).
 */
export interface OutgoingMessage {
  /** The phone number, as the person gave it. */
  to: string;
  text: string;
  /** Why it is sent, e.g. `register`, `resetPassword`, `visitApproved`: gateways may pick a template by it. */
  purpose: string;
  /** The tenant's key, for a gateway that bills or signs per tenant. */
  tenant?: string;
}

/** What sending needs: the configuration and a logger (a RequestContext has both). */
export interface MessageDeps {
  config: Pick<Config, 'messages'>;
  log: FastifyBaseLogger;
}

/** A message the `memory` channel kept. */
export interface SentMessage extends OutgoingMessage {
  at: string;
}

/** How long the `http` channel waits for the gateway's answer. */
export const GATEWAY_TIMEOUT_MS = 5000;

const kept: SentMessage[] = [];
const MEMORY_LIMIT = 10_000;

/** The messages the `memory` channel has kept in this process, oldest first (a copy). */
export function sentMessages(): SentMessage[] {
  return [...kept];
}

/** Forgets the `memory` channel's messages. */
export function clearSentMessages(): void {
  kept.length = 0;
}

/** Sends one message through the configured channel; true when the channel took it. */
export async function sendMessage(deps: MessageDeps, message: OutgoingMessage): Promise<boolean> {
  const { messages } = deps.config;
  const at = new Date().toISOString();
  try {
    switch (messages.channel) {
      case 'memory':
        kept.push({ ...message, at });
        if (kept.length > MEMORY_LIMIT) kept.splice(0, kept.length - MEMORY_LIMIT);
        return true;
      case 'file':
        await fs.mkdir(path.dirname(messages.file), { recursive: true });
        await fs.appendFile(
          messages.file,
          `${JSON.stringify({ to: message.to, text: message.text, purpose: message.purpose, at })}\n`,
        );
        return true;
      case 'http':
        await postToGateway(messages, message);
        return true;
      case 'log':
        deps.log.info(
          { message: { to: maskPhone(message.to), purpose: message.purpose, text: message.text } },
          'text message not sent: MESSAGE_CHANNEL is log, so it is only logged',
        );
        return true;
    }
  } catch (err) {
    deps.log.warn(
      {
        message: { to: maskPhone(message.to), purpose: message.purpose },
        channel: messages.channel,
        err: err instanceof Error ? err.message : String(err),
      },
      'text message could not be sent',
    );
    return false;
  }
}

async function postToGateway(messages: Config['messages'], message: OutgoingMessage): Promise<void> {
  const response = await fetch(messages.gatewayUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(messages.gatewayToken ? { authorization: `Bearer ${messages.gatewayToken}` } : {}),
    },
    body: JSON.stringify({
      to: message.to,
      text: message.text,
      purpose: message.purpose,
      tenant: message.tenant ?? '',
    }),
    signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
  });
  // The body is read (and dropped) so the connection can be reused.
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new Error(`SMS gateway answered HTTP ${response.status}`);
}
