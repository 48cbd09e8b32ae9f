import java.util.List;
import org.ggp.base.util.statemachine.MachineState;
import org.ggp.base.util.statemachine.Role;
import org.ggp.base.util.statemachine.StateMachine;
import org.ggp.base.util.statemachine.exceptions.GoalDefinitionException;
import org.ggp.base.util.statemachine.implementation.prover.ProverStateMachine;

/**
 * gramlog's playout bench peer: random playouts on GGP-Base's ProverStateMachine
 * for a number of seconds, after a warm-up of a fifth of that. A playout still
 * running at the end is cut there and its states so far counted (a chess
 * playout on the prover can take minutes).
 *
 * Usage: java ProverSpeed GAME.kif SECONDS. Prints one line:
 * "states S playouts P seconds T" where a playout of depth d visits d + 1 states
 * (terminal asked on each, legal moves of every role on each non-terminal one,
 * the goals of every role on the terminal one; a goal GGP-Base finds undefined
 * there is logged by GGP-Base and the playout counted), as gramlog's bench counts them.
 * A game GGP-Base cannot read or play prints "error: ..." and exits 1.
 */
public class ProverSpeed {
  static long states = 0;
  static long playouts = 0;

  /** One random playout, stopped (its states counted) when System.nanoTime() passes end. */
  static void playout(StateMachine sm, List<Role> roles, int maxDepth, long end) throws Exception {
    MachineState state = sm.getInitialState();
    int depth = 0;
    while (!sm.isTerminal(state) && depth < maxDepth) {
      if (System.nanoTime() > end) {
        states += depth + 1;
        return;
      }
      state = sm.getNextStateDestructively(state, sm.getRandomJointMove(state));
      depth++;
    }
    if (sm.isTerminal(state)) {
      for (Role r : roles) {
        try {
          sm.getGoal(state, r);
        } catch (GoalDefinitionException e) {
          // asked all the same; a game whose goal is not one value here is still played
        }
      }
    }
    states += depth + 1;
    playouts++;
  }

  public static void main(String[] args) {
    try {
      double seconds = Double.parseDouble(args[1]);
      StateMachine sm = GameFile.prover(args[0]);
      List<Role> roles = sm.getRoles();
      long warm = System.nanoTime() + (long) (seconds * 1e9 / 5);
      do playout(sm, roles, 10_000, warm);
      while (System.nanoTime() < warm);
      states = 0;
      playouts = 0;
      long start = System.nanoTime();
      long end = start + (long) (seconds * 1e9);
      do playout(sm, roles, 10_000, end);
      while (System.nanoTime() < end);
      double took = (System.nanoTime() - start) / 1e9;
      System.out.println("states " + states + " playouts " + playouts + " seconds " + took);
    } catch (Throwable e) {
      System.out.println("error: " + e);
      System.exit(1);
    }
  }
}
