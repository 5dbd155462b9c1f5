// The accountant's pages: the report's chart (Chart.js, vendored) and an export's progress.
(function () {
  "use strict";

  // One chart per currency (the server splits them: dollars and pounds never share an
  // axis), each with its axes named: the days or tables below, the unit up the side.
  function drawCharts() {
    var source = document.getElementById("report-series");
    if (!source || typeof Chart === "undefined") { return; }
    var charts = JSON.parse(source.textContent);
    document.querySelectorAll("canvas.report-chart").forEach(function (canvas) {
      drawChart(canvas, charts[Number(canvas.dataset.chart)]);
    });
  }

  function drawChart(canvas, series) {
    var config;
    if (series.kind === "line") {
      var names = Object.keys(series.lines);
      var labels = names.length ? series.lines[names[0]].labels : [];
      var datasets = names.map(function (name) {
        var line = series.lines[name];
        var hitDays = series.hits.filter(function (h) { return h.progressive_name === name; })
          .map(function (h) { return h.gaming_day; });
        var inBand = series.band && name.indexOf("Band") === 0;
        var low = inBand && name.indexOf("low") >= 0;
        return {
          // The band is named once in the legend, by its confidence (its low edge's entry).
          label: low && series.band_label ? series.band_label : name,
          hiddenInLegend: inBand && !low,
          tension: 0.2, spanGaps: false,
          data: line.values.map(function (v) { return v === null ? null : Number(v); }),
          // A band's low line is filled up to its high line (the next dataset).
          fill: low ? "+1" : false,
          borderColor: line.color, pointBackgroundColor: line.color,
          backgroundColor: inBand ? "rgba(47, 111, 79, 0.15)" : line.color,
          borderWidth: inBand ? 1 : 2.5,
          borderDash: name.indexOf("Expected") >= 0 ? [6, 4] : undefined,
          pointRadius: line.labels.map(function (d) { return hitDays.indexOf(d) >= 0 ? 7 : 1; }),
          pointStyle: line.labels.map(function (d) { return hitDays.indexOf(d) >= 0 ? "triangle" : "circle"; })
        };
      });
      config = { type: "line", data: { labels: labels, datasets: datasets } };
    } else {
      config = { type: "bar", data: { labels: series.labels,
        datasets: [{ label: series.label, data: series.values.map(Number), backgroundColor: "#2f6f4f" }] } };
    }
    config.options = { responsive: true, maintainAspectRatio: false, animation: false,
      plugins: { legend: { display: series.kind === "line", labels: {
        filter: function (item, data) { return !data.datasets[item.datasetIndex].hiddenInLegend; } } } },
      scales: { x: { title: { display: true, text: series.x_title } },
                y: { title: { display: true, text: series.unit } } } };
    canvas.dataset.drawn = "1";
    new Chart(canvas, config);
  }

  function followExport() {
    var box = document.getElementById("export");
    if (!box) { return; }
    var bar = document.getElementById("export-progress");
    var status = document.getElementById("export-status");
    var link = document.getElementById("export-download");
    function poll() {
      fetch(box.dataset.state, { credentials: "same-origin" }).then(function (r) { return r.json(); })
        .then(function (state) {
          bar.value = state.progress;
          status.textContent = state.status_text + (state.message ? ": " + state.message : "");
          if (state.download) { link.hidden = false; return; }
          if (state.status !== "failed") { setTimeout(poll, 700); }
        }).catch(function () { status.textContent = "The server did not answer; trying again."; setTimeout(poll, 2000); });
    }
    poll();
  }

  drawCharts();
  followExport();
})();
