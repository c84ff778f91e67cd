import { ProcessMetrics } from '@caliber/service-kit';
import { parseExposition } from '@caliber/testing/metrics-text';
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { httpMetrics, methodLabel, routeLabel, statusClass, UNMATCHED_ROUTE } from './http-metrics';

describe('route labels', () => {
  it('names a request by its route template, with the router it went through', () => {
    expect(routeLabel({ baseUrl: '', route: { path: '/api/equipment/:id' } })).toBe('/api/equipment/:id');
    expect(routeLabel({ baseUrl: '/api/reports', route: { path: '/:id/file' } })).toBe(
      '/api/reports/:id/file',
    );
  });

  it('puts every request that reached no route (or an odd one) under one label', () => {
    expect(routeLabel({ baseUrl: '' })).toBe(UNMATCHED_ROUTE);
    expect(routeLabel({ baseUrl: '', route: { path: /^\/x/ } })).toBe(UNMATCHED_ROUTE);
  });

  it('keeps methods and statuses to a few values', () => {
    expect(methodLabel('GET')).toBe('GET');
    expect(methodLabel('PROPFIND')).toBe('OTHER');
    expect([200, 204, 301, 404, 429, 503].map(statusClass)).toEqual([
      '2xx',
      '2xx',
      '3xx',
      '4xx',
      '4xx',
      '5xx',
    ]);
    expect(statusClass(999)).toBe('other');
  });
});

describe('httpMetrics', () => {
  it('counts a thousand devices under one route, and unknown addresses under one label', async () => {
    const metrics = new ProcessMetrics('gateway', pino({ level: 'silent' }));
    const app = express();
    app.use(httpMetrics(metrics));
    app.get('/api/equipment/:id', (req, res) => {
      res.status(req.params.id === 'missing' ? 404 : 200).json({ id: req.params.id });
    });
    for (const id of ['a1', 'b2', 'c3', 'missing']) await request(app).get(`/api/equipment/${id}`);
    await request(app).get('/api/no-such-route/123');
    await request(app).get('/some/page/4711');

    const counts = parseExposition((await metrics.exposition()).body).filter(
      (sample) => sample.name === 'caliber_http_request_duration_seconds_count',
    );
    expect(counts.map(({ labels, value }) => ({ ...labels, value }))).toEqual(
      expect.arrayContaining([
        { service: 'gateway', method: 'GET', route: '/api/equipment/:id', status_class: '2xx', value: 3 },
        { service: 'gateway', method: 'GET', route: '/api/equipment/:id', status_class: '4xx', value: 1 },
        { service: 'gateway', method: 'GET', route: UNMATCHED_ROUTE, status_class: '4xx', value: 2 },
      ]),
    );
    expect(counts).toHaveLength(3);
    // No path, and so no id, in any label.
    expect(JSON.stringify(counts)).not.toMatch(/a1|b2|c3|4711|123/);
  });
});
