import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;

import net.alloyggp.perf.runner.PerfTestReport;
import net.alloyggp.perf.runner.runnable.JavaPerfTestRunnable;
import net.alloyggp.perf.runner.runnable.PerfTestRunnable;
import net.alloyggp.perf.runner.runnable.SanchoRunnables;

/**
 * gramlog's bench peer Sancho, through gdl-perf's own harness: the
 * JavaPerfTestRunnable that gdl-perf's PerfTestProcess runs for the engine
 * type SANCHO_DEAD_RECKONING_PROPNET (Sancho 1.61c's propnet, built and
 * optimised by SanchoRunnables), for SECONDS whole seconds of random
 * playouts after the build.
 *
 * Usage: java SanchoSpeed GAME.kif SECONDS. Prints one line:
 * "build B playouts P states S millis M" (B: seconds to read the game and
 * build Sancho's propnet; S: state changes, as gdl-perf counts them).
 * A game Sancho cannot play prints "error: ..." and exits 1.
 */
public class SanchoSpeed {
  public static void main(String[] args) {
    try {
      String rules = new String(Files.readAllBytes(Paths.get(args[0])), StandardCharsets.UTF_8);
      int seconds = Integer.parseInt(args[1]);
      PerfTestRunnable runnable = JavaPerfTestRunnable.create(SanchoRunnables.getWrapper());
      long start = System.nanoTime();
      PerfTestReport report = runnable.runPerfTest(rules, seconds, "1.61c");
      double total = (System.nanoTime() - start) / 1e9;
      double build = total - report.getMillisecondsTaken() / 1000.0;
      System.out.println("build " + build + " playouts " + report.getNumRollouts() + " states " + report.getNumStateChanges() + " millis " + report.getMillisecondsTaken());
    } catch (Throwable e) {
      System.out.println("error: " + e);
      System.exit(1);
    }
  }
}
