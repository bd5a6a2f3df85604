/* AsyncCapacity report: draws each canvas[data-model] from its chart model in #report-model, with Chart.js.
   Every rule (what is plotted, colours, scales, ticks, labels, tooltips, step markers) was applied in C#
   (src/AsyncCapacity.Report/View); this script only hands the model to Chart.js. Text and tables are already in the
   page, so it must never throw: a missing or broken model simply draws nothing. */
(function () {
  'use strict';

  // A printed card shows its whole reading: the toggles open before printing.
  window.addEventListener('beforeprint', () => document.querySelectorAll('details').forEach((details) => { details.open = true; }));

  const element = document.getElementById('report-model');
  if (!element || typeof Chart === 'undefined') {
    return;
  }

  let charts;
  try {
    charts = (JSON.parse(element.textContent || '{}') || {}).charts || {};
  } catch (error) {
    console.error('AsyncCapacity: the embedded chart model is not valid JSON', error);
    return;
  }

  const style = getComputedStyle(document.documentElement);
  const css = (name, fallback) => style.getPropertyValue(name).trim() || fallback;
  Chart.defaults.font.family = css('--font', 'system-ui, sans-serif');
  Chart.defaults.font.size = 12;
  Chart.defaults.color = css('--muted', '#59636e');
  Chart.defaults.borderColor = '#eaeef2';
  Chart.defaults.animation = false;

  const drawn = [];
  document.querySelectorAll('canvas[data-model]').forEach((canvas) => {
    const model = charts[canvas.dataset.model];
    try {
      if (model) {
        drawn.push(new Chart(canvas, config(model)));
      }
    } catch (error) {
      console.error('AsyncCapacity: could not draw a chart', error);
    }
  });

  // Print layout differs from the screen's; Chart.js does not resize by itself when it changes.
  const resizeAll = () => drawn.forEach((chart) => chart.resize());
  window.addEventListener('beforeprint', resizeAll);
  window.addEventListener('afterprint', resizeAll);

  function config(model) {
    const markers = list(model.markers);
    return {
      type: 'line',
      data: { datasets: list(model.datasets).map(dataset) },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        devicePixelRatio: Math.max(window.devicePixelRatio || 1, 2),
        interaction: { mode: model.interaction, intersect: false },
        layout: { padding: { top: markers.length > 0 ? 18 : 0 } },
        scales: scales(model.axes || {}),
        plugins: {
          legend: {
            position: model.legend,
            labels: { usePointStyle: true, pointStyle: 'line', pointStyleWidth: 28, boxWidth: 28, padding: 14, generateLabels: dashedLegend },
          },
          tooltip: {
            filter: (item) => Boolean(item.dataset.tooltip !== false && item.raw && item.raw.label),
            callbacks: { label: (item) => item.raw.label },
          },
        },
      },
      plugins: [stepMarkers(markers)],
    };
  }

  function dataset(model) {
    const points = list(model.points);
    return {
      label: model.label,
      data: points,
      yAxisID: model.axis,
      borderColor: model.color,
      backgroundColor: model.fill || model.color,
      fill: model.fill ? (model.fillTo || 'origin') : false,
      borderDash: list(model.dash),
      borderWidth: model.width,
      pointStyle: points.map((p) => p.style || model.pointStyle),
      pointRadius: points.map((p) => (typeof p.radius === 'number' ? p.radius : model.pointRadius)),
      pointHoverRadius: model.hoverRadius,
      spanGaps: false,
      order: model.order || 0,
      tooltip: model.tooltip,
      showLine: model.showLine !== false,
    };
  }

  // Bounds and ticks as the model gives them: Chart.js computes none, it only places them.
  function scales(axes) {
    const result = {};
    Object.keys(axes).forEach((id) => {
      const axis = axes[id];
      const ticks = list(axis.ticks);
      const labels = new Map(ticks.map((t) => [t.value, t.label]));
      const color = axis.color ? { color: axis.color } : {};
      result[id] = {
        type: axis.type,
        position: axis.position,
        display: axis.display,
        min: axis.min,
        max: axis.max,
        title: Object.assign({ display: true, text: axis.title }, color),
        grid: { drawOnChartArea: axis.grid },
        afterBuildTicks: (scale) => { scale.ticks = ticks.map((t) => ({ value: t.value })); },
        ticks: Object.assign({ autoSkip: false, callback: (value) => (labels.has(value) ? labels.get(value) : '') }, color),
      };
    });
    return result;
  }

  // Chart.js draws a line legend from the first point's style, which has no dashes: give each entry its line's dash.
  function dashedLegend(chart) {
    return Chart.defaults.plugins.legend.labels.generateLabels(chart).map((item) => {
      const dataset = chart.data.datasets[item.datasetIndex] || {};
      item.lineDash = dataset.borderDash || [];
      item.lineWidth = dataset.borderWidth || item.lineWidth;
      item.strokeStyle = dataset.borderColor || item.strokeStyle;
      return item;
    });
  }

  // Each step's start as a dotted line labelled with its clients (the short label where the next is too close), and
  // its warm-up shaded.
  function stepMarkers(markers) {
    return {
      id: 'stepMarkers',
      beforeDatasetsDraw(chart) {
        const x = chart.scales.x;
        const area = chart.chartArea;
        if (!x || !area || markers.length === 0) {
          return;
        }

        const ctx = chart.ctx;
        ctx.save();
        ctx.beginPath();
        ctx.rect(area.left, area.top - 18, area.right - area.left, area.bottom - area.top + 18);
        ctx.clip();
        ctx.fillStyle = 'rgba(140, 149, 159, 0.12)';
        markers.forEach((m) => {
          const left = x.getPixelForValue(m.at);
          ctx.fillRect(left, area.top, Math.max(0, x.getPixelForValue(m.measuredFrom) - left), area.bottom - area.top);
        });

        ctx.strokeStyle = css('--faint', '#8c959f');
        ctx.fillStyle = css('--muted', '#59636e');
        ctx.lineWidth = 1;
        ctx.setLineDash([3, 3]);
        ctx.font = '11px ' + Chart.defaults.font.family;
        ctx.textBaseline = 'bottom';
        let labelEnd = -Infinity;
        markers.forEach((m, i) => {
          const px = x.getPixelForValue(m.at);
          ctx.beginPath();
          ctx.moveTo(px, area.top);
          ctx.lineTo(px, area.bottom);
          ctx.stroke();

          const next = markers[i + 1] ? x.getPixelForValue(markers[i + 1].at) : area.right;
          const text = ctx.measureText(m.label).width + 8 < next - px ? m.label : m.shortLabel;
          if (px + 3 > labelEnd) {
            ctx.fillText(text, px + 3, area.top - 3);
            labelEnd = px + 3 + ctx.measureText(text).width + 4;
          }
        });
        ctx.restore();
      },
    };
  }

  function list(value) {
    return Array.isArray(value) ? value : [];
  }
})();
