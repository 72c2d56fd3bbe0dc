/** A progress bar on one line (a terminal) or a line per 5 % (a log), with the time left estimated from the rate so far. */
export function progressBar(total: number, out: NodeJS.WriteStream = process.stdout) {
  const started = performance.now();
  let done = 0;
  let stage = '';
  let lastLogged = -1;
  const clock = (seconds: number) => {
    const s = Math.max(0, Math.round(seconds));
    return s >= 60 ? `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s` : `${s} s`;
  };
  const draw = () => {
    const share = Math.min(1, done / total);
    const elapsed = (performance.now() - started) / 1000;
    const left = share > 0.01 ? clock((elapsed / share) * (1 - share)) : '…';
    const width = 30;
    const filled = Math.round(share * width);
    const text = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(share * 100).toFixed(0).padStart(3)} %  ${clock(elapsed)} so far, about ${left} left  ${stage}`;
    if (out.isTTY) out.write(`\r${text.slice(0, (out.columns ?? 120) - 1).padEnd((out.columns ?? 120) - 1)}`);
    else if (Math.floor(share * 20) > lastLogged) {
      lastLogged = Math.floor(share * 20);
      out.write(`${text}\n`);
    }
  };
  return {
    /** What is being seeded now. */
    stage(name: string) {
      stage = name;
      draw();
    },
    add(units: number) {
      done += units;
      draw();
    },
    done() {
      done = total;
      stage = `done in ${clock((performance.now() - started) / 1000)}`;
      lastLogged = -1;
      draw();
      if (out.isTTY) out.write('\n');
    },
  };
}
