// The orders-per-hour bar chart, drawn with Chart.js. This module is imported only when the report page shows a
// chart, so Chart.js is a chunk of its own that no shopper (and no other dashboard page) downloads.
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export interface HoursChart {
  update(counts: readonly number[]): void;
  destroy(): void;
}

/** Draws 24 bars (hour 0 first) on the canvas; the caller keeps the canvas's text alternative current. */
export function drawHoursChart(canvas: HTMLCanvasElement, counts: readonly number[], colours: { bar: string; ink: string; grid: string }): HoursChart {
  const labels = counts.map((_, hour) => String(hour).padStart(2, '0'));
  const chart = new Chart(canvas, {
    type: 'bar',
    data: { labels, datasets: [{ label: 'Orders', data: [...counts], backgroundColor: colours.bar, borderRadius: 3 }] },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      plugins: {
        legend: { display: false },
        tooltip: { callbacks: { title: (items) => `${items[0]?.label ?? ''}:00 to ${String((Number(items[0]?.label ?? 0) + 1) % 24).padStart(2, '0')}:00` } },
      },
      scales: {
        x: { title: { display: true, text: 'Hour of the day', color: colours.ink }, ticks: { color: colours.ink, autoSkip: true, maxRotation: 0 }, grid: { display: false } },
        y: { beginAtZero: true, title: { display: true, text: 'Orders', color: colours.ink }, ticks: { color: colours.ink, precision: 0 }, grid: { color: colours.grid } },
      },
    },
  });
  return {
    update(next) {
      chart.data.datasets[0]!.data = [...next];
      chart.update();
    },
    destroy: () => chart.destroy(),
  };
}
