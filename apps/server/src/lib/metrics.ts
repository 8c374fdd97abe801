import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics of this process (issue 9), with the standard client library. One registry per
 * process: every module may import the metrics below and count on them; `/metrics` serves them.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'div_' });

/** Requests answered, by method, route template (never the raw URL) and status. */
export const httpRequests = new Counter({
  name: 'div_http_requests_total',
  help: 'HTTP requests answered',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

/** Time to answer, by method, route template and status. */
export const httpDuration = new Histogram({
  name: 'div_http_request_duration_seconds',
  help: 'HTTP request latency',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
});

/** Server errors (5xx answers and unhandled errors), by route. */
export const httpErrors = new Counter({
  name: 'div_http_errors_total',
  help: 'HTTP 5xx answers',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

/** Generations streaming right now in this process: `activeGenerations.inc()` when one starts, `.dec()` when it ends. */
export const activeGenerations = new Gauge({
  name: 'div_active_generations',
  help: 'Generations running in this process',
  registers: [metricsRegistry],
});
