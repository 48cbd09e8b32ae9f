import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;

import org.ggp.base.util.game.Game;

import net.alloyggp.perf.runner.runnable.JavaSimulatorWrapper;
import net.alloyggp.perf.runner.runnable.SanchoRunnables;

/**
 * gramlog's bench peer Sancho, through gdl-perf's own harness: the simulator
 * wrapper that gdl-perf's PerfTestProcess runs for the engine type
 * SANCHO_DEAD_RECKONING_PROPNET (Sancho 1.61c's propnet, built and optimised
 * by SanchoRunnables), driven by the loop of gdl-perf's JavaPerfTestRunnable
 * (the same calls, in the same order) for SECONDS whole seconds of random
 * playouts after the build, also timing the playing thread's CPU.
 *
 * Usage: java SanchoSpeed GAME.kif SECONDS. Prints one line:
 * "build B playouts P states S millis M cpu C" (B: seconds to read the game
 * and build Sancho's propnet; S: state changes, as gdl-perf counts them; C:
 * CPU seconds of the thread that played, which leaves out the JVM's compiler
 * and collector threads). A game Sancho cannot play prints "error: ..." and
 * exits 1.
 */
public class SanchoSpeed {
  public static void main(String[] args) {
    try {
      String rules = new String(Files.readAllBytes(Paths.get(args[0])), StandardCharsets.UTF_8);
      int seconds = Integer.parseInt(args[1]);
      run(SanchoRunnables.getWrapper(), rules, seconds);
    } catch (Throwable e) {
      System.out.println("error: " + e);
      System.exit(1);
    }
  }

  /** JavaPerfTestRunnable.runPerfTest's loop, with the playing thread's CPU time. */
  private static <S, St, R, M> void run(JavaSimulatorWrapper<S, St, R, M> wrapper, String rules, int seconds) throws Exception {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long start = System.nanoTime();
    Game game = Game.createEphemeralGame(Game.preprocessRulesheet(rules));
    S sm = wrapper.createSimulator(rules, game);
    double build = (System.nanoTime() - start) / 1e9;
    long states = 0;
    long playouts = 0;
    long cpu0 = threads.getCurrentThreadCpuTime();
    long t0 = System.nanoTime();
    long end = t0 + seconds * 1_000_000_000L;
    outer:
    while (true) {
      if (System.nanoTime() >= end) break;
      St state = wrapper.getInitialState(sm);
      while (!wrapper.isTerminal(sm, state)) {
        if (System.nanoTime() >= end) break outer;
        state = wrapper.getRandomNextState(sm, state);
        states++;
      }
      wrapper.getGoals(sm, state);
      playouts++;
    }
    long millis = (System.nanoTime() - t0) / 1_000_000L;
    double cpu = (threads.getCurrentThreadCpuTime() - cpu0) / 1e9;
    System.out.println("build " + build + " playouts " + playouts + " states " + states + " millis " + millis + " cpu " + cpu);
  }
}
