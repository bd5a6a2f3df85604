/* AsyncCapacity report: draws the charts from the results embedded in #report-data, with Chart.js.
   Text and tables are already in the page; this script only adds pictures, so it must never throw:
   skipped experiments, empty timelines and null numbers simply draw less. */
(function () {
  'use strict';

  const dataElement = document.getElementById('report-data');
  if (!dataElement || typeof Chart === 'undefined') {
    return;
  }

  let report;
  try {
    report = JSON.parse(dataElement.textContent || '{}');
  } catch (error) {
    console.error('AsyncCapacity: the embedded results are not valid JSON', error);
    return;
  }

  const experiments = list(report && report.experiments);
  const style = getComputedStyle(document.documentElement);
  const cssColor = (name, fallback) => style.getPropertyValue(name).trim() || fallback;

  Chart.defaults.font.family = style.getPropertyValue('--font').trim() || 'system-ui, sans-serif';
  Chart.defaults.font.size = 12;
  Chart.defaults.color = cssColor('--muted', '#59636e');
  Chart.defaults.borderColor = '#eaeef2';
  Chart.defaults.animation = false;

  const charts = [];
  document.querySelectorAll('canvas[data-chart]').forEach((canvas) => {
    try {
      const experiment = experiments[Number(canvas.dataset.experiment)];
      if (!experiment) {
        return;
      }

      const draw = {
        throughput: throughputChart,
        latency: latencyChart,
        'server-time': serverTimeChart,
        timeline: timelineChart,
      }[canvas.dataset.chart];
      const config = draw && draw(experiment, Number(canvas.dataset.variant));
      if (config) {
        charts.push(new Chart(canvas, config));
      }
    } catch (error) {
      console.error('AsyncCapacity: could not draw a chart', error);
    }
  });

  // Print layout differs from the screen's; Chart.js does not resize by itself when it changes.
  const resizeAll = () => charts.forEach((chart) => chart.resize());
  window.addEventListener('beforeprint', resizeAll);
  window.addEventListener('afterprint', resizeAll);
  if (window.matchMedia) {
    const print = window.matchMedia('print');
    if (print.addEventListener) {
      print.addEventListener('change', resizeAll);
    }
  }

  // 1. Throughput vs clients, one line per variant, and the ideal (clients × per-client rate) dashed.
  function throughputChart(experiment) {
    const variants = list(experiment.variants);
    const datasets = variants.map((variant, i) =>
      variantLine(variant, variantColor(variants, i), (step) => num(step.rps)));

    const perClient = num(experiment.idealRpsPerClient);
    const clients = allConcurrencies(variants);
    if (perClient !== null && clients.length > 0) {
      datasets.push({
        label: 'ideal: clients × ' + formatRps(perClient) + ' req/s',
        data: clients.map((c) => ({ x: c, y: c * perClient })),
        borderColor: cssColor('--ideal', '#8c959f'),
        backgroundColor: cssColor('--ideal', '#8c959f'),
        borderDash: [6, 4],
        borderWidth: 1.5,
        pointRadius: 0,
        order: 10,
      });
    }

    return lineChart(datasets, {
      x: clientsAxis(),
      y: { type: 'linear', beginAtZero: true, title: axisTitle('req/s'), ticks: { callback: (v) => v.toLocaleString('en-US') } },
    }, (item) => item.dataset.label + ': ' + formatRps(item.parsed.y) + ' req/s at ' + item.parsed.x + ' clients');
  }

  // 2. p95 latency vs clients on a log scale (sync reaches tens of seconds), with the SLA dashed.
  function latencyChart(experiment) {
    const variants = list(experiment.variants);
    const datasets = variants.map((variant, i) =>
      variantLine(variant, variantColor(variants, i), (step) => positive(step.p95Ms)));

    const slaMs = positive(experiment.sla && experiment.sla.p95Ms);
    const clients = allConcurrencies(variants);
    if (slaMs !== null && clients.length > 0) {
      datasets.push({
        label: 'SLA: p95 ≤ ' + formatMs(slaMs),
        data: [{ x: Math.min(0, clients[0]), y: slaMs }, { x: clients[clients.length - 1], y: slaMs }],
        borderColor: cssColor('--sla', '#57606a'),
        backgroundColor: cssColor('--sla', '#57606a'),
        borderDash: [4, 4],
        borderWidth: 1.5,
        pointRadius: 0,
        order: 10,
      });
    }

    return lineChart(datasets, { x: clientsAxis(), y: logMsAxis(datasets, 'p95 latency') },
      (item) => item.dataset.label + ': ' + formatMs(item.parsed.y) + ' at ' + item.parsed.x + ' clients');
  }

  // 3. Client p50 (solid) vs server p50 (dashed, Server-Timing) by clients, every variant in its colour, on a log
  //    scale: server time runs from microseconds, client latency to seconds. The gap between a variant's two lines is
  //    time spent outside the handler. The page has this canvas only where ServerTime.cs says so.
  function serverTimeChart(experiment) {
    const variants = list(experiment.variants);
    const datasets = [];
    variants.forEach((variant, i) => {
      const color = variantColor(variants, i);
      const name = String(variant && variant.name);
      datasets.push({
        label: name + (variant && variant.blocking ? ' (blocking)' : '') + ': client p50',
        data: stepPoints(variant, (step) => positive(step.p50Ms)),
        borderColor: color,
        backgroundColor: color,
        borderWidth: 2.5,
        pointRadius: 3.5,
        pointHoverRadius: 6,
      });
      datasets.push({
        label: name + ': server p50',
        data: stepPoints(variant, (step) => positive(step.serverP50Ms)),
        borderColor: color,
        backgroundColor: color,
        borderDash: [6, 4],
        borderWidth: 2,
        pointStyle: 'rect',
        pointRadius: 3.5,
        pointHoverRadius: 6,
      });
    });

    return lineChart(datasets, { x: clientsAxis(), y: logMsAxis(datasets, 'p50') },
      (item) => item.dataset.label + ': ' + formatMs(item.parsed.y) + ' at ' + item.parsed.x + ' clients');
  }

  // 4. Pool threads and queue over time for one variant, on the same scales as its siblings,
  //    with each step's start marked and its warm-up shaded. With a database, the connection pool beside them:
  //    what is held (threads, connections in use, the pool's size) on the left axis, solid; what waits (work items
  //    queued for a thread, requests waiting for a connection) on the right, dashed. With an audit log instead (it
  //    takes the pool's place, as in ChartFigures.cs): audit entries queued for the writers, dashed on the right,
  //    and the 503 answers per second in red on an outer right axis.
  function timelineChart(experiment, variantIndex) {
    const variants = list(experiment.variants);
    const variant = variants[variantIndex];
    const samples = list(variant && variant.timeline).filter((s) => num(s && s.timestampMs) !== null);
    if (samples.length === 0) {
      return null;
    }

    const auditQueue = watchesAuditQueue(experiment);
    const connectionPool = !auditQueue && watchesConnectionPool(experiment);
    const poolSize = connectionPool ? positive(report.run && report.run.databasePoolSize) : null;
    const start = samples[0].timestampMs;
    const seconds = (ms) => (ms - start) / 1000;
    const rates = rejectionRates(samples);
    const series = { threads: [], queue: [], inUse: [], waiting: [], poolSize: [], auditQueued: [], rejected: [] };
    const push = (x, sample, i) => {
      series.threads.push({ x: x, y: sample && num(sample.threadCount) });
      series.queue.push({ x: x, y: sample && num(sample.pendingWorkItems) });
      series.inUse.push({ x: x, y: sample && num(sample.dbInUse) });
      series.waiting.push({ x: x, y: sample && num(sample.dbWaiting) });
      series.poolSize.push({ x: x, y: poolSize });
      series.auditQueued.push({ x: x, y: sample && num(sample.auditQueued) });
      series.rejected.push({ x: x, y: sample ? rates[i] : null });
    };
    samples.forEach((sample, i) => {
      const x = seconds(sample.timestampMs);
      const previous = samples[i - 1];
      if (previous && restarted(previous, sample)) {
        // A gap or a fresh process (one per step): break the lines instead of drawing across it.
        push((x + seconds(previous.timestampMs)) / 2, null, i);
      }

      push(x, sample, i);
    });

    const color = variantColor(variants, variantIndex);
    const markers = list(variant.steps).map((step) => ({
      at: seconds(Date.parse(step.startedAt)),
      measured: seconds(Date.parse(step.measuredFrom)),
      clients: step.concurrency,
    })).filter((m) => Number.isFinite(m.at) && m.at >= -5 && m.at <= seconds(samples[samples.length - 1].timestampMs) + 5);

    const connections = cssColor('--connections', '#9c36b5');
    const datasets = [
      {
        label: 'pool threads',
        data: series.threads,
        yAxisID: 'y',
        borderColor: color,
        backgroundColor: withAlpha(color, 0.1),
        fill: 'origin',
        borderWidth: 2,
        pointRadius: 0,
        spanGaps: false,
      },
    ];
    if (connectionPool) {
      datasets.push({
        label: 'connections in use',
        data: series.inUse,
        yAxisID: 'y',
        borderColor: connections,
        backgroundColor: connections,
        borderWidth: 2,
        pointRadius: 0,
        spanGaps: false,
      });
    }

    datasets.push({
      label: 'queued work items',
      data: series.queue,
      yAxisID: 'y1',
      borderColor: cssColor('--queue', '#6e7781'),
      backgroundColor: cssColor('--queue', '#6e7781'),
      borderDash: [5, 3],
      borderWidth: 1.5,
      pointRadius: 0,
      spanGaps: false,
    });
    const maxRate = auditQueue ? sharedMaxRate(variants) : 0;
    if (auditQueue) {
      const rejected = cssColor('--rejected', '#a8071a');
      datasets.push({
        label: 'audit entries queued',
        data: series.auditQueued,
        yAxisID: 'y1',
        borderColor: cssColor('--audit-queue', '#0b7285'),
        backgroundColor: cssColor('--audit-queue', '#0b7285'),
        borderDash: [5, 3],
        borderWidth: 2,
        pointRadius: 0,
        spanGaps: false,
      }, {
        label: maxRate > 0 ? '503 (queue full) per second' : '503 (queue full): none in this experiment',
        data: series.rejected,
        yAxisID: 'y2',
        borderColor: rejected,
        backgroundColor: withAlpha(rejected, 0.08),
        fill: 'origin',
        borderWidth: 2,
        pointRadius: 0,
        spanGaps: false,
        rate: true,
      });
    }

    if (connectionPool) {
      datasets.push({
        label: 'waiting for a connection',
        data: series.waiting,
        yAxisID: 'y1',
        borderColor: connections,
        backgroundColor: connections,
        borderDash: [5, 3],
        borderWidth: 1.5,
        pointRadius: 0,
        spanGaps: false,
      });
    }

    if (poolSize !== null) {
      datasets.push({
        label: 'pool size: ' + poolSize.toLocaleString('en-US') + ' connections',
        data: series.poolSize,
        yAxisID: 'y',
        borderColor: withAlpha(connections, 0.75),
        backgroundColor: withAlpha(connections, 0.75),
        borderDash: [12, 6],
        borderWidth: 1.25,
        pointRadius: 0,
        pointHoverRadius: 0,
        reference: true,
      });
    }

    const held = (s) => Math.max(num(s.threadCount) || 0, connectionPool ? num(s.dbInUse) || 0 : 0);
    const waiting = (s) => Math.max(num(s.pendingWorkItems) || 0,
      connectionPool ? num(s.dbWaiting) || 0 : 0, auditQueue ? num(s.auditQueued) || 0 : 0);
    const scales = {
      x: {
        type: 'linear',
        min: 0,
        title: axisTitle('seconds since the first sample'),
        ticks: { callback: (v) => v + ' s' },
      },
      y: {
        type: 'linear',
        position: 'left',
        beginAtZero: true,
        // Room above the pool's size, so that its line and a full pool do not sit on the chart's edge.
        suggestedMax: Math.max(sharedMax(variants, held, 10), poolSize === null ? 0 : poolSize * 1.15),
        title: axisTitle(connectionPool ? 'threads · connections' : 'pool threads'),
        ticks: { precision: 0 },
      },
      y1: {
        type: 'linear',
        position: 'right',
        beginAtZero: true,
        suggestedMax: sharedMax(variants, waiting, 10),
        title: axisTitle(connectionPool ? 'queued · waiting' : auditQueue ? 'queued' : 'queued work items'),
        ticks: { precision: 0 },
        grid: { drawOnChartArea: false },
      },
    };
    if (auditQueue) {
      // Without a single 503 the rate lies flat on the time axis and its legend says so: no axis for it.
      const rejected = cssColor('--rejected', '#a8071a');
      scales.y2 = {
        type: 'linear',
        display: maxRate > 0,
        position: 'right',
        beginAtZero: true,
        suggestedMax: Math.max(maxRate, 10),
        title: { display: true, text: '503/s', color: rejected },
        ticks: { precision: 0, color: rejected },
        grid: { drawOnChartArea: false },
      };
    }

    const config = lineChart(datasets, scales, (item) => item.dataset.label + ': '
      + (item.parsed.y === null ? '–' : item.dataset.rate ? formatRps(item.parsed.y) : item.parsed.y));

    config.options.interaction = { mode: 'index', intersect: false };
    config.options.plugins.legend.position = 'bottom';
    config.options.plugins.tooltip.filter = (item) => !item.dataset.reference;
    config.options.layout = { padding: { top: 18 } };
    config.plugins = [stepMarkers(markers)];
    return config;
  }

  // ----- chart building blocks -----

  function lineChart(datasets, scales, label) {
    return {
      type: 'line',
      data: { datasets: datasets },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        devicePixelRatio: Math.max(window.devicePixelRatio || 1, 2),
        interaction: { mode: 'x', intersect: false },
        scales: scales,
        plugins: {
          legend: {
            position: 'top',
            labels: { usePointStyle: true, pointStyle: 'line', pointStyleWidth: 28, boxWidth: 28, padding: 14, generateLabels: dashedLegend },
          },
          tooltip: { callbacks: { label: label } },
        },
      },
    };
  }

  // Chart.js draws a line legend from the first point's style, which has no dashes: give each entry its line's dash.
  function dashedLegend(chart) {
    return Chart.defaults.plugins.legend.labels.generateLabels(chart).map((item) => {
      const dataset = chart.data.datasets[item.datasetIndex] || {};
      item.lineDash = Array.isArray(dataset.borderDash) ? dataset.borderDash : [];
      item.lineWidth = num(dataset.borderWidth) || item.lineWidth;
      item.strokeStyle = dataset.borderColor || item.strokeStyle;
      return item;
    });
  }

  function variantLine(variant, color, value) {
    const points = list(variant && variant.steps)
      .map((step) => ({ x: num(step.concurrency), y: value(step), meetsSla: step.meetsSla }))
      .filter((p) => p.x !== null && p.y !== null)
      .sort((a, b) => a.x - b.x);
    const missed = (ctx) => ctx.raw && ctx.raw.meetsSla === false;
    return {
      label: String(variant && variant.name) + (variant && variant.blocking ? ' (blocking)' : ''),
      data: points,
      borderColor: color,
      backgroundColor: color,
      borderWidth: 2.5,
      pointStyle: (ctx) => (missed(ctx) ? 'crossRot' : 'circle'),
      pointRadius: (ctx) => (missed(ctx) ? 6 : 3.5),
      pointBorderWidth: (ctx) => (missed(ctx) ? 2.5 : 1),
      pointHoverRadius: 7,
    };
  }

  function clientsAxis() {
    return { type: 'linear', beginAtZero: true, title: axisTitle('concurrent clients'), ticks: { precision: 0 } };
  }

  // A log-scale axis of durations that ends on 1-2-5 values a little beyond the data. Its ticks read "10 µs" … "5 s";
  // over more than three decades the 1-2-5 labels crowd each other, so only the powers of ten keep theirs.
  function logMsAxis(datasets, title) {
    const min = niceLogBound(datasets, (...v) => Math.min(...v) / 1.5, roundDown);
    const max = niceLogBound(datasets, (...v) => Math.max(...v) * 1.2, roundUp);
    const decadesOnly = min !== undefined && max !== undefined && Math.log10(max / min) > 3;
    return {
      type: 'logarithmic',
      min: min,
      max: max,
      title: axisTitle(title + ' (log scale)'),
      ticks: { autoSkip: false, callback: (v) => (isRoundLogTick(v) && (!decadesOnly || isPowerOfTen(v)) ? formatMs(v) : '') },
    };
  }

  function axisTitle(text) {
    return { display: true, text: text, color: cssColor('--muted', '#59636e') };
  }

  // Vertical dashed lines at each step's start, labelled with its clients; its warm-up shaded.
  function stepMarkers(markers) {
    return {
      id: 'stepMarkers',
      beforeDatasetsDraw(chart) {
        const x = chart.scales.x;
        const area = chart.chartArea;
        if (!x || !area) {
          return;
        }

        const ctx = chart.ctx;
        ctx.save();
        ctx.beginPath();
        ctx.rect(area.left, area.top - 18, area.right - area.left, area.bottom - area.top + 18);
        ctx.clip();
        ctx.fillStyle = 'rgba(140, 149, 159, 0.12)';
        markers.forEach((m) => {
          if (Number.isFinite(m.measured) && m.measured > m.at) {
            const left = x.getPixelForValue(m.at);
            ctx.fillRect(left, area.top, x.getPixelForValue(m.measured) - left, area.bottom - area.top);
          }
        });

        ctx.strokeStyle = cssColor('--faint', '#8c959f');
        ctx.fillStyle = cssColor('--muted', '#59636e');
        ctx.lineWidth = 1;
        ctx.setLineDash([3, 3]);
        ctx.font = '11px ' + Chart.defaults.font.family;
        ctx.textBaseline = 'bottom';
        let labelEnd = -Infinity;
        markers.forEach((m, i) => {
          const px = x.getPixelForValue(m.at);
          if (px < area.left - 1 || px > area.right + 1) {
            return;
          }

          ctx.beginPath();
          ctx.moveTo(px, area.top);
          ctx.lineTo(px, area.bottom);
          ctx.stroke();

          const next = markers[i + 1] ? x.getPixelForValue(markers[i + 1].at) : area.right;
          const long = m.clients + (m.clients === 1 ? ' client' : ' clients');
          const text = ctx.measureText(long).width + 8 < next - px ? long : String(m.clients);
          if (px + 3 > labelEnd) {
            ctx.fillText(text, px + 3, area.top - 3);
            labelEnd = px + 3 + ctx.measureText(text).width + 4;
          }
        });
        ctx.restore();
      },
    };
  }

  // ----- values -----

  // Same rule as VariantPalette.cs: warm colours for blocking variants, cool ones for the others, in order.
  function variantColor(variants, index) {
    const variant = variants[index] || {};
    const blocking = Boolean(variant.blocking);
    const sameKindBefore = variants.slice(0, index).filter((v) => Boolean(v && v.blocking) === blocking).length;
    const name = (blocking ? '--blocking-' : '--async-') + (sameKindBefore % 3);
    return cssColor(name, blocking ? '#d9480f' : '#1971c2');
  }

  // Same rule as AuditQueue.cs: an experiment wrote through the audit log when any sample has entries queued or 503s.
  function watchesAuditQueue(experiment) {
    return list(experiment && experiment.variants).some((v) => list(v && v.timeline).some((s) =>
      (num(s && s.auditQueued) || 0) > 0 || (num(s && s.auditRejected) || 0) > 0));
  }

  // A timeline is stitched from several app processes (one per step): a long gap, or a cumulative counter that went
  // down, means the sample comes from a fresh process.
  function restarted(previous, sample) {
    const down = (name) => num(sample[name]) !== null && num(previous[name]) !== null && sample[name] < previous[name];
    return sample.timestampMs - previous.timestampMs > 2500 || down('completedWorkItems') || down('auditRejected');
  }

  // 503s per second at each sample: the rise of the cumulative refusal count since the previous sample ÷ the seconds
  // between them; null at a timeline's first sample and wherever a fresh process restarted the count, never negative.
  function rejectionRates(samples) {
    return samples.map((sample, i) => {
      const previous = samples[i - 1];
      if (!previous || restarted(previous, sample)) {
        return null;
      }
      const rejected = num(sample.auditRejected);
      const before = num(previous.auditRejected);
      const elapsed = (num(sample.timestampMs) - num(previous.timestampMs)) / 1000;
      return rejected === null || before === null || !(elapsed > 0) ? null : Math.max(0, rejected - before) / elapsed;
    });
  }

  function sharedMaxRate(variants) {
    let max = 0;
    variants.forEach((v) => rejectionRates(list(v && v.timeline)).forEach((rate) => {
      max = rate !== null && rate > max ? rate : max;
    }));
    return max;
  }

  // Same rule as ConnectionPool.cs: an experiment watched a database pool when any step carries pool figures.
  function watchesConnectionPool(experiment) {
    return list(experiment && experiment.variants).some((v) => list(v && v.steps).some((s) =>
      num(s && s.dbOpenMs) !== null || num(s && s.maxDbWaiting) !== null));
  }

  function stepPoints(variant, value) {
    return list(variant && variant.steps)
      .map((step) => ({ x: num(step.concurrency), y: value(step) }))
      .filter((p) => p.x !== null && p.y !== null)
      .sort((a, b) => a.x - b.x);
  }

  function allConcurrencies(variants) {
    const set = new Set();
    variants.forEach((v) => list(v && v.steps).forEach((s) => {
      const c = num(s && s.concurrency);
      if (c !== null) {
        set.add(c);
      }
    }));
    return Array.from(set).sort((a, b) => a - b);
  }

  function sharedMax(variants, value, floor) {
    let max = floor;
    variants.forEach((v) => list(v && v.timeline).forEach((s) => {
      const n = num(s && value(s));
      if (n !== null && n > max) {
        max = n;
      }
    }));
    return max;
  }

  function list(value) {
    return Array.isArray(value) ? value : [];
  }

  function num(value) {
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  }

  function positive(value) {
    const n = num(value);
    return n !== null && n > 0 ? n : null;
  }

  // The axis ends on a 1-2-5 value a little beyond the data, so that both ends carry a label.
  function niceLogBound(datasets, pick, round) {
    const values = [];
    datasets.forEach((d) => d.data.forEach((p) => {
      if (p.y > 0) {
        values.push(p.y);
      }
    }));
    return values.length > 0 ? round(pick.apply(null, values)) : undefined;
  }

  function roundDown(value) {
    const power = Math.pow(10, Math.floor(Math.log10(value)));
    return [5, 2, 1].map((k) => k * power).find((v) => v <= value * (1 + 1e-9)) || power;
  }

  function roundUp(value) {
    const power = Math.pow(10, Math.floor(Math.log10(value)));
    return [1, 2, 5, 10].map((k) => k * power).find((v) => v >= value * (1 - 1e-9));
  }

  function isRoundLogTick(value) {
    if (!(value > 0)) {
      return false;
    }
    const mantissa = value / Math.pow(10, Math.floor(Math.log10(value) + 1e-9));
    return [1, 2, 5].some((k) => Math.abs(mantissa - k) < 1e-6);
  }

  function isPowerOfTen(value) {
    const exponent = Math.log10(value);
    return Math.abs(exponent - Math.round(exponent)) < 1e-6;
  }

  function withAlpha(color, alpha) {
    const hex = /^#([0-9a-f]{6})$/i.exec(color);
    if (!hex) {
      return color;
    }
    const n = parseInt(hex[1], 16);
    return 'rgba(' + ((n >> 16) & 255) + ', ' + ((n >> 8) & 255) + ', ' + (n & 255) + ', ' + alpha + ')';
  }

  // Same units as Display.cs: "9.4 µs", "150 µs", "4.2 ms", "512 ms", "6.2 s", "24 s".
  function formatMs(ms) {
    if (num(ms) === null) {
      return '–';
    }
    if (ms < 0.00995) {
      return trim((ms * 1000).toFixed(1)) + ' µs';
    }
    if (ms < 0.9995) {
      return Math.round(ms * 1000) + ' µs';
    }
    if (ms < 10) {
      return trim(ms.toFixed(1)) + ' ms';
    }
    if (ms < 999.5) {
      return Math.round(ms) + ' ms';
    }
    if (ms < 9950) {
      return trim((ms / 1000).toFixed(1)) + ' s';
    }
    return Math.round(ms / 1000) + ' s';
  }

  function formatRps(rps) {
    if (num(rps) === null) {
      return '–';
    }
    if (rps < 10) {
      const fixed = rps.toFixed(2);
      return fixed.endsWith('0') ? fixed.slice(0, -1) : fixed;
    }
    if (rps < 100) {
      return rps.toFixed(1);
    }
    return Math.round(rps).toLocaleString('en-US');
  }

  function trim(fixed) {
    return fixed.indexOf('.') < 0 ? fixed : fixed.replace(/0+$/, '').replace(/\.$/, '');
  }
})();
