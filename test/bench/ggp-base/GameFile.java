import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.ggp.base.util.gdl.factory.GdlFactory;
import org.ggp.base.util.gdl.grammar.Gdl;
import org.ggp.base.util.statemachine.StateMachine;
import org.ggp.base.util.statemachine.implementation.prover.ProverStateMachine;
import org.ggp.base.util.symbol.factory.SymbolFactory;
import org.ggp.base.util.symbol.grammar.SymbolList;

/**
 * A game file read as GGP-Base reads one (comments dropped, the whole file
 * one list of rules) and GGP-Base's ProverStateMachine on it: what
 * ProverSpeed, ProverWalk and SeesOracle start from.
 */
final class GameFile {
  private GameFile() {}

  static String strip(String text) {
    StringBuilder b = new StringBuilder();
    for (String line : text.split("\n")) {
      int i = line.indexOf(';');
      b.append(i >= 0 ? line.substring(0, i) : line).append('\n');
    }
    return b.toString();
  }

  /** The rules of the game at `path`. */
  static List<Gdl> rules(String path) throws Exception {
    SymbolList all = (SymbolList) SymbolFactory.create("( " + strip(new String(Files.readAllBytes(Paths.get(path)))) + " )");
    List<Gdl> rules = new ArrayList<>();
    for (int i = 0; i < all.size(); i++) rules.add(GdlFactory.create(all.get(i)));
    return rules;
  }

  /** The prover, initialised on the game at `path`. */
  static StateMachine prover(String path) throws Exception {
    StateMachine sm = new ProverStateMachine();
    sm.initialize(rules(path));
    return sm;
  }
}
