/**
 * Event delivery to webhook subscribers: a POST of `{event, org_id, timestamp, data}`
 * signed with the subscription's secret through src/signing.ts, the same module the trigger node
 * verifies with. The service's retry policy is not shown; the sandbox retries failed deliveries
 * (non-2xx, network error, timeout) with exponential backoff, a bounded number of times, so
 * subscribers must expect at-least-once delivery.
 */
import { sleep } from 'n8n-workflow';
import { request } from 'undici';
import { EVENT_HEADER, sign, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../../src/signing';

export interface DeliveryOptions {
	maxAttempts: number;
	baseDelayMs: number;
	timeoutMs: number;
}

export const DEFAULT_DELIVERY: DeliveryOptions = { maxAttempts: 4, baseDelayMs: 250, timeoutMs: 5000 };

export interface DeliveryAttempt {
	delivery_id: string;
	subscription_id: string;
	org_id: string;
	event: string;
	url: string;
	attempt: number;
	status: number | null;
	error: string | null;
	body: string;
	headers: Record<string, string>;
	at: string;
}

export interface Delivery {
	deliveryId: string;
	subscriptionId: string;
	orgId: string;
	url: string;
	secret: string;
	event: string;
	body: string;
	timestamp: string;
}

export class Deliverer {
	readonly attempts: DeliveryAttempt[] = [];
	private readonly pending = new Set<Promise<void>>();

	constructor(
		public options: DeliveryOptions = DEFAULT_DELIVERY,
		/** The sandbox's clock, for the attempt log. */
		private readonly nowIso: () => string = () => new Date().toISOString(),
	) {}

	/** Starts delivery in the background; `settled()` waits for every delivery under way. */
	deliver(delivery: Delivery): void {
		const run = this.run(delivery).finally(() => this.pending.delete(run));
		this.pending.add(run);
	}

	async settled(): Promise<void> {
		while (this.pending.size > 0) await Promise.all([...this.pending]);
	}

	private async run(d: Delivery): Promise<void> {
		const headers = {
			'content-type': 'application/json',
			[EVENT_HEADER]: d.event,
			[SIGNATURE_HEADER]: sign(d.secret, d.body),
			[TIMESTAMP_HEADER]: d.timestamp,
		};
		for (let attempt = 1; attempt <= this.options.maxAttempts; attempt++) {
			const record: DeliveryAttempt = {
				delivery_id: d.deliveryId,
				subscription_id: d.subscriptionId,
				org_id: d.orgId,
				event: d.event,
				url: d.url,
				attempt,
				status: null,
				error: null,
				body: d.body,
				headers,
				at: this.nowIso(),
			};
			this.attempts.push(record);
			try {
				const response = await request(d.url, {
					method: 'POST',
					headers,
					body: d.body,
					headersTimeout: this.options.timeoutMs,
					bodyTimeout: this.options.timeoutMs,
				});
				record.status = response.statusCode;
				await response.body.dump();
				if (response.statusCode >= 200 && response.statusCode < 300) return;
			} catch (error) {
				record.error = (error as Error).message;
			}
			if (attempt < this.options.maxAttempts) {
				await sleep(this.options.baseDelayMs * 2 ** (attempt - 1));
			}
		}
	}
}
