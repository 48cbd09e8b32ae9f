import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.ggp.base.util.gdl.factory.GdlFactory;
import org.ggp.base.util.gdl.grammar.GdlSentence;
import org.ggp.base.util.prover.aima.AimaProver;
import org.ggp.base.util.symbol.factory.SymbolFactory;
import org.ggp.base.util.symbol.grammar.SymbolList;

/**
 * gramlog's oracle for GDL-II percepts (test/gdl/percepts-ggp-base.test.ts):
 * GGP-Base's prover (AimaProver, as its ProverStateMachine builds it) asked
 * `(sees ?r ?p)` in a given state under a given joint move.
 *
 * Usage: java SeesOracle GAME.kif, then one query per line on stdin:
 *   FACT FACT ...<TAB>((ROLE MOVE) (ROLE MOVE) ...)
 * (the state's fluents as KIF terms, then the joint move). For each query it
 * prints one line: the sees sentences, tab-separated, sorted, in GGP-Base's
 * text (`( sees robot ( secret 3 ) )`). A game or query GGP-Base cannot read
 * prints "error: ..." and exits 1.
 */
public class SeesOracle {
  public static void main(String[] args) {
    try {
      AimaProver prover = new AimaProver(GameFile.rules(args[0]));
      GdlSentence query = (GdlSentence) GdlFactory.create("( sees ?r ?p )");
      BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
      StringBuilder out = new StringBuilder();
      for (String line; (line = in.readLine()) != null; ) {
        if (line.isEmpty()) continue;
        String[] parts = line.split("\t", -1);
        Set<GdlSentence> context = new HashSet<>();
        SymbolList facts = (SymbolList) SymbolFactory.create("( " + parts[0] + " )");
        for (int i = 0; i < facts.size(); i++) context.add((GdlSentence) GdlFactory.create("( true " + facts.get(i) + " )"));
        SymbolList moves = (SymbolList) SymbolFactory.create(parts[1]);
        for (int i = 0; i < moves.size(); i++) {
          SymbolList pair = (SymbolList) moves.get(i);
          context.add((GdlSentence) GdlFactory.create("( does " + pair.get(0) + " " + pair.get(1) + " )"));
        }
        List<String> seen = new ArrayList<>();
        for (GdlSentence s : prover.askAll(query, context)) seen.add(s.toString());
        Collections.sort(seen);
        out.append(String.join("\t", seen)).append('\n');
      }
      System.out.print(out);
    } catch (Throwable e) {
      System.out.println("error: " + e);
      System.exit(1);
    }
  }
}
