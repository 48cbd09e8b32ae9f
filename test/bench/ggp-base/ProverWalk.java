import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.ggp.base.util.gdl.grammar.GdlSentence;
import org.ggp.base.util.statemachine.MachineState;
import org.ggp.base.util.statemachine.Move;
import org.ggp.base.util.statemachine.Role;
import org.ggp.base.util.statemachine.StateMachine;
import org.ggp.base.util.statemachine.implementation.prover.ProverStateMachine;

/**
 * gramlog's differential oracle: seeded random walks on GGP-Base's
 * ProverStateMachine, every answer written down so that gramlog can replay the
 * walk move by move and compare (test/gdl/ggp-base-walks.ts).
 *
 * Usage: java ProverWalk GAME.kif SEED WALKS STEPS. For each walk, for each
 * state visited (at most STEPS joint moves, fewer when the walk ends):
 *   state<TAB>FLUENT<TAB>FLUENT...      (the state's fluents, sorted)
 *   terminal<TAB>true|false
 *   goals<TAB>G1<TAB>G2...              (terminal states: each role's goal, or "none")
 *   legal<TAB>ROLE<TAB>MOVE<TAB>MOVE... (non-terminal states: one line per role, moves sorted)
 *   move<TAB>M1<TAB>M2...               (the joint move played, drawn with java.util.Random(SEED))
 * then "end". Terms are GGP-Base's text (`( cell 1 1 blank )`). A game
 * GGP-Base cannot read or play prints "error: ..." and exits 1.
 */
public class ProverWalk {
  public static void main(String[] args) {
    try {
      long seed = Long.parseLong(args[1]);
      int walks = Integer.parseInt(args[2]);
      int steps = Integer.parseInt(args[3]);
      StateMachine sm = GameFile.prover(args[0]);
      List<Role> roles = sm.getRoles();
      Random random = new Random(seed);
      StringBuilder out = new StringBuilder();
      for (int w = 0; w < walks; w++) {
        MachineState state = sm.getInitialState();
        for (int depth = 0; ; depth++) {
          List<String> fluents = new ArrayList<>();
          for (GdlSentence s : state.getContents()) fluents.add(s.toString());
          Collections.sort(fluents);
          out.append("state");
          for (String f : fluents) out.append('\t').append(f);
          out.append('\n');
          boolean terminal = sm.isTerminal(state);
          out.append("terminal\t").append(terminal).append('\n');
          if (terminal) {
            out.append("goals");
            for (Role r : roles) {
              String g;
              try {
                g = String.valueOf(sm.getGoal(state, r));
              } catch (Exception e) {
                g = "none";
              }
              out.append('\t').append(g);
            }
            out.append('\n');
            break;
          }
          List<Move> joint = new ArrayList<>();
          for (Role r : roles) {
            List<Move> legal = sm.getLegalMoves(state, r);
            List<String> names = new ArrayList<>();
            for (Move m : legal) names.add(m.toString());
            Collections.sort(names);
            out.append("legal\t").append(r.toString());
            for (String n : names) out.append('\t').append(n);
            out.append('\n');
            joint.add(legal.get(random.nextInt(legal.size())));
          }
          if (depth >= steps) break;
          out.append("move");
          for (Move m : joint) out.append('\t').append(m.toString());
          out.append('\n');
          state = sm.getNextState(state, joint);
        }
        out.append("end\n");
      }
      System.out.print(out);
    } catch (Throwable e) {
      System.out.println("error: " + e);
      System.exit(1);
    }
  }
}
