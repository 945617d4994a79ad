//===--- ReportTest.cpp - wavesan report blocks: formats and kinds ---------===//
///
/// Hand-written goldens for the text and JSON report formats (pid fixed), the
/// pinned SUMMARY line, and the kind -> rule id catalogue with its docs. Writing,
/// counting and halting: ReportOutputTest.cpp; option parsing:
/// ReportOptionsTest.cpp; suppressions: ReportSuppressionsTest.cpp.
///
//===----------------------------------------------------------------------===//
#include "ReportChild.h"
#include "ReportExample.h"

#include "wavesan/report.h"

#include "llvm/Support/JSON.h"
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <sstream>
#include <thread>

using namespace wavesan;
using namespace wavesan::test;

namespace {

/// The directory whose runtime/<id>.md a report's "rule:" line names: the source tree's
/// rules/ (the runtime under test was built from it, and it exists).
const std::string RulesDir = std::string(WAVESAN_SOURCE_DIR) + "/rules";


TEST(ReportFormat, TextBlockForALaneFinding) {
  EXPECT_EQ(formatReport(ReportKind::LaneMaskTruncated, scanLane37(), MaskDetails,
                         ReportFormat::Text, 12345),
            ScanGolden);
}

TEST(ReportFormat, SummaryLineIsPinnedAndEndsTheBlock) {
  EXPECT_EQ(summaryLine(ReportKind::LaneMaskTruncated, scanLane37()),
            "SUMMARY: wavesan: lane-mask-truncated scan.hip:42 in block_scan");
  std::string Block = formatReport(ReportKind::LaneMaskTruncated, scanLane37(), MaskDetails,
                                   ReportFormat::Text, 1);
  ASSERT_FALSE(Block.empty());
  std::string Last = Block.substr(Block.rfind('\n', Block.size() - 2) + 1);
  EXPECT_EQ(Last, "SUMMARY: wavesan: lane-mask-truncated scan.hip:42 in block_scan\n");
  size_t Summaries = 0;
  for (size_t At = Block.find("SUMMARY:"); At != std::string::npos;
       At = Block.find("SUMMARY:", At + 1))
    ++Summaries;
  EXPECT_EQ(Summaries, 1u);
}

TEST(ReportFormat, BlockScopeWithMultiLineDetailsAndAFunction) {
  ReportLocation W;
  W.File = "/src/reduce.hip";
  W.Line = 17;
  W.Kernel = "block_sum";
  W.Function = "tail_reduce";
  W.Block = {1, 2, 0};
  W.Scope = ReportScope::Block;
  EXPECT_EQ(formatReport(ReportKind::BarrierDeadlock, W,
                         "__syncthreads can never complete: 192 of 256 threads wait here\n"
                         "missing: threads (192,0,0)-(255,0,0) exited",
                         ReportFormat::Text, 7),
            "==7==ERROR: wavesan: barrier-deadlock in kernel block_sum\n"
            "  __syncthreads can never complete: 192 of 256 threads wait here\n"
            "  missing: threads (192,0,0)-(255,0,0) exited\n"
            "  at /src/reduce.hip:17 in tail_reduce, block (1,2,0)\n"
            "  rule: barrier-deadlock (see " + RulesDir + "/runtime/barrier-deadlock.md)\n"
            "  hint: make every thread of the block reach the same __syncthreads (no barrier "
            "in divergent code or after an early return)\n"
            "SUMMARY: wavesan: barrier-deadlock /src/reduce.hip:17 in block_sum\n");
}

TEST(ReportFormat, WaveScope) {
  ReportLocation W;
  W.File = "k.hip";
  W.Line = 9;
  W.Kernel = "k";
  W.Block = {0, 0, 0};
  W.Wave = 3;
  W.Scope = ReportScope::Wave;
  EXPECT_EQ(formatReport(ReportKind::WaveOpPartial, W, "__shfl_down reached by lanes 0-31 only",
                         ReportFormat::Text, 1),
            "==1==ERROR: wavesan: wave-op-partial in kernel k\n"
            "  __shfl_down reached by lanes 0-31 only\n"
            "  at k.hip:9 in k, block (0,0,0), wave 3\n"
            "  rule: wave64-hardcoded-warp-size (run `wavecheck "
            "--explain=wave64-hardcoded-warp-size`)\n"
            "  hint: let the whole wavefront reach the operation; a lane range computed with 32 "
            "covers half of a 64-lane wave\n"
            "SUMMARY: wavesan: wave-op-partial k.hip:9 in k\n");
}

TEST(ReportFormat, NoteHasNoteLevelAndNoSummary) {
  ReportLocation W;
  W.File = "main.cpp";
  W.Line = 30;
  W.Kernel = "block_sum";
  W.Function = "main";
  W.Scope = ReportScope::Launch;
  EXPECT_EQ(formatReport(ReportKind::LaunchUnderfilledGrid, W,
                         "grid of 8 workgroups fills 8 of 304 CUs (2.6%)", ReportFormat::Text,
                         12345),
            "==12345==NOTE: wavesan: launch-underfilled-grid in kernel block_sum\n"
            "  grid of 8 workgroups fills 8 of 304 CUs (2.6%)\n"
            "  at main.cpp:30 in main\n"
            "  rule: launch-underfilled-grid (see " + RulesDir + "/runtime/launch-underfilled-grid.md)\n"
            "  hint: launch at least 304 workgroups (one per CU of a gfx942) or split the work "
            "finer\n");
}

TEST(ReportFormat, UnknownFileAndKernel) {
  ReportLocation W;
  W.Scope = ReportScope::Launch;
  EXPECT_EQ(formatReport(ReportKind::BlockTooLarge, W, "", ReportFormat::Text, 5),
            "==5==ERROR: wavesan: block-too-large in kernel <unknown>\n"
            "  at <unknown> in <unknown>\n"
            "  rule: block-too-large (see " + RulesDir + "/runtime/block-too-large.md)\n"
            "  hint: launch at most 1024 threads per block\n"
            "SUMMARY: wavesan: block-too-large <unknown> in <unknown>\n");
}

TEST(ReportFormat, JsonLineForALaneFinding) {
  EXPECT_EQ(formatReport(ReportKind::LaneMaskTruncated, scanLane37(), MaskDetails,
                         ReportFormat::Json, 12345),
            "{\"tool\":\"wavesan\",\"pid\":12345,\"level\":\"error\","
            "\"kind\":\"lane-mask-truncated\",\"rule\":\"wave64-lane-mask-width\","
            "\"rule_doc\":\"rules/wave64-lane-mask-width.md\",\"kernel\":\"block_scan\","
            "\"file\":\"scan.hip\",\"line\":42,\"function\":null,\"scope\":\"lane\","
            "\"block\":[3,0,0],\"thread\":[37,0,0],\"wave\":0,\"lane\":37,"
            "\"message\":\"ballot result with lanes 32-63 set converted to 32-bit 'unsigned "
            "int' (mask 0xffff0000ffffffff)\","
            "\"hint\":\"keep ballot results in a 64-bit type (unsigned long long / uint64_t)\","
            "\"summary\":\"SUMMARY: wavesan: lane-mask-truncated scan.hip:42 in block_scan\"}\n");
}

TEST(ReportFormat, JsonLineForANote) {
  ReportLocation W;
  W.File = "main.cpp";
  W.Line = 30;
  W.Kernel = "block_sum";
  W.Scope = ReportScope::Launch;
  EXPECT_EQ(formatReport(ReportKind::LaunchUnderfilledGrid, W, "fill 2.6%", ReportFormat::Json, 9),
            "{\"tool\":\"wavesan\",\"pid\":9,\"level\":\"note\","
            "\"kind\":\"launch-underfilled-grid\",\"rule\":\"launch-underfilled-grid\","
            "\"rule_doc\":\"rules/runtime/launch-underfilled-grid.md\",\"kernel\":\"block_sum\","
            "\"file\":\"main.cpp\",\"line\":30,\"function\":null,\"scope\":\"launch\","
            "\"message\":\"fill 2.6%\",\"hint\":\"launch at least 304 workgroups (one per CU of "
            "a gfx942) or split the work finer\"}\n");
}

TEST(ReportFormat, JsonEscapesAndParses) {
  ReportLocation W = scanLane37();
  W.Kernel = "k<\"q\">";
  W.Function = "void k\\\"(int) [with T = \\]"; // printed as its plain name k\"
  std::string Details = "line 1\nline\t2 \"quoted\" \x01 caf\xc3\xa9";
  std::string Line = formatReport(ReportKind::InactiveLaneRead, W, Details, ReportFormat::Json, 3);
  ASSERT_EQ(Line.back(), '\n');
  EXPECT_EQ(Line.find('\n'), Line.size() - 1) << "one report, one line";
  llvm::Expected<llvm::json::Value> V = llvm::json::parse(Line);
  ASSERT_TRUE(bool(V)) << llvm::toString(V.takeError()) << "\n" << Line;
  const llvm::json::Object *O = V->getAsObject();
  ASSERT_TRUE(O);
  EXPECT_EQ(O->getString("message"), llvm::StringRef(Details));
  EXPECT_EQ(O->getString("kernel"), llvm::StringRef("k<\"q\">"));
  EXPECT_EQ(O->getString("function"), llvm::StringRef("k\\\""));
  EXPECT_EQ(O->getInteger("lane"), 37);
  EXPECT_EQ(O->getString("summary"),
            llvm::StringRef("SUMMARY: wavesan: inactive-lane-read scan.hip:42 in k<\"q\">"));
}

// docs/wavesan-options.md shows real output, not these made-up locations: its examples are
// checked against the end-to-end goldens (ReportEndToEnd.DocExamplesAreTheseGoldens).

// The catalogue: the kinds COMMON6.md requires and the rule each maps to,
// written out here rather than read from report_kinds.inc.
struct ExpectedKind {
  ReportKind Kind;
  const char *Name, *Rule;
  RuleDoc Doc;
  Severity Level;
};
const ExpectedKind Expected[] = {
    {ReportKind::LaneMaskTruncated, "lane-mask-truncated", "wave64-lane-mask-width",
     RuleDoc::Static, Severity::Error},
    {ReportKind::SyncMaskIncomplete, "sync-mask-incomplete", "wave64-lane-mask-width",
     RuleDoc::Static, Severity::Error},
    {ReportKind::ShuffleWidthInvalid, "shuffle-width-invalid", "shuffle-width-invalid",
     RuleDoc::Runtime, Severity::Error},
    {ReportKind::ShuffleLaneOutOfRange, "shuffle-lane-out-of-range", "shuffle-lane-out-of-range",
     RuleDoc::Runtime, Severity::Error},
    {ReportKind::InactiveLaneRead, "inactive-lane-read", "inactive-lane-read", RuleDoc::Runtime,
     Severity::Error},
    {ReportKind::WaveOpPartial, "wave-op-partial", "wave64-hardcoded-warp-size", RuleDoc::Static,
     Severity::Error},
    {ReportKind::WaveOpDivergent, "wave-op-divergent", "wave-op-divergent", RuleDoc::Runtime,
     Severity::Error},
    {ReportKind::GridSyncInvalid, "grid-sync-invalid", "grid-sync-invalid", RuleDoc::Runtime,
     Severity::Error},
    {ReportKind::WaveLdsRace, "wave-lds-race", "wave-lds-race", RuleDoc::Runtime,
     Severity::Error},
    {ReportKind::BarrierDeadlock, "barrier-deadlock", "barrier-deadlock", RuleDoc::Runtime,
     Severity::Error},
    {ReportKind::KernelTimeout, "kernel-timeout", "kernel-timeout", RuleDoc::Runtime,
     Severity::Error},
    {ReportKind::KernelFault, "kernel-fault", "kernel-fault", RuleDoc::Runtime,
     Severity::Error},
    {ReportKind::DoubleFree, "double-free", "double-free", RuleDoc::Runtime, Severity::Error},
    {ReportKind::InvalidFree, "invalid-free", "invalid-free", RuleDoc::Runtime,
     Severity::Error},
    {ReportKind::LdsOutOfBounds, "lds-out-of-bounds", "lds-out-of-bounds", RuleDoc::Runtime,
     Severity::Error},
    {ReportKind::LdsOverLimit, "lds-over-limit", "lds-over-limit", RuleDoc::Runtime,
     Severity::Error},
    {ReportKind::BlockTooLarge, "block-too-large", "block-too-large", RuleDoc::Runtime,
     Severity::Error},
    {ReportKind::GridTooLarge, "grid-too-large", "grid-too-large", RuleDoc::Runtime,
     Severity::Error},
    {ReportKind::LaunchUnderfilledGrid, "launch-underfilled-grid", "launch-underfilled-grid",
     RuleDoc::Runtime, Severity::Note},
    {ReportKind::WaveSizeDivergence, "wave-size-divergence", "wave-size-divergence",
     RuleDoc::Runtime, Severity::Error},
    // The diff (wavesan/diff.h): the kind is the diagnosis.
    {ReportKind::ReductionMismatch, "reduction-mismatch", "reference-mismatch", RuleDoc::Runtime,
     Severity::Error},
    {ReportKind::ReductionPartialWave, "reduction-partial-wave", "wave64-partial-reduction",
     RuleDoc::Static, Severity::Error},
    {ReportKind::ReductionHalfWave, "reduction-half-wave", "wave64-hardcoded-warp-size",
     RuleDoc::Static, Severity::Error},
    {ReportKind::GemmMismatch, "gemm-mismatch", "reference-mismatch", RuleDoc::Runtime,
     Severity::Error},
    {ReportKind::GemmFp8Format, "gemm-fp8-format", "fp8-format-target-mismatch", RuleDoc::Static,
     Severity::Error},
    {ReportKind::GemmTransposedOutput, "gemm-transposed-output", "gemm-transposed-output",
     RuleDoc::Runtime, Severity::Error},
    {ReportKind::GemmTileMismatch, "gemm-tile-mismatch", "gemm-tile-mismatch", RuleDoc::Runtime,
     Severity::Error},
    {ReportKind::GemmKTailMissing, "gemm-k-tail-missing", "gemm-k-tail-missing",
     RuleDoc::Runtime, Severity::Error},
};

TEST(ReportKinds, CatalogueMapsEveryKindToItsRule) {
  EXPECT_EQ(allReportKinds().size(), std::size(Expected));
  for (const ExpectedKind &E : Expected) {
    EXPECT_STREQ(kindName(E.Kind), E.Name);
    EXPECT_STREQ(ruleId(E.Kind), E.Rule) << E.Name;
    EXPECT_EQ(ruleDoc(E.Kind), E.Doc) << E.Name;
    EXPECT_EQ(severity(E.Kind), E.Level) << E.Name;
    EXPECT_GT(std::string(hint(E.Kind)).size(), 10u) << E.Name << ": no hint";
  }
}

// A runtime rule's doc has the static docs' shape (CatalogueTest.cpp), with a
// "Static counterpart" section in place of "Runtime counterpart".
TEST(ReportKinds, EveryRuleHasItsDoc) {
  const char *Sections[] = {"## What it finds", "## Why it is wrong on MI300X", "## Bad and good",
                            "## Fix",           "## Options",                    "## Limitations",
                            "## Static counterpart"};
  std::set<std::string> RuntimeRules;
  for (ReportKind K : allReportKinds()) {
    std::string Id = ruleId(K);
    bool Static = ruleDoc(K) == RuleDoc::Static;
    std::string Path = std::string(WAVESAN_SOURCE_DIR) + (Static ? "/rules/" : "/rules/runtime/") +
                       Id + ".md";
    std::string Doc = readWholeFile(Path);
    ASSERT_FALSE(Doc.empty()) << Path << " is missing (rule of " << kindName(K) << ")";
    EXPECT_EQ(Doc.rfind("# " + Id + "\n", 0), 0u) << Path << " must start with '# " << Id << "'";
    if (Static)
      continue;
    RuntimeRules.insert(Id);
    size_t Pos = 0;
    for (const char *S : Sections) {
      size_t At = Doc.find(std::string("\n") + S + "\n", Pos);
      EXPECT_NE(At, std::string::npos) << Path << ": missing or out of order: " << S;
      if (At != std::string::npos)
        Pos = At + 1;
    }
    EXPECT_NE(Doc.find(kindName(K)), std::string::npos) << Path << " does not name the kind";
  }
  // No stale doc: every file in rules/runtime/ is a rule some kind maps to.
  for (const auto &E :
       std::filesystem::directory_iterator(std::string(WAVESAN_SOURCE_DIR) + "/rules/runtime"))
    EXPECT_TRUE(RuntimeRules.count(E.path().stem().string()))
        << E.path() << " documents no rule of report_kinds.inc";
}

// A report's "rule:" line names a doc the user has: the absolute path of this source
// tree's rules/runtime/<id>.md (the runtime under test was built from it); a rule with no
// doc anywhere gets "" (the line then says `wavesan explain <id>`).
TEST(ReportKinds, RuntimeRuleDocPathIsAnExistingAbsolutePath) {
  EXPECT_EQ(runtimeRuleDocPath("barrier-deadlock"), RulesDir + "/runtime/barrier-deadlock.md");
  EXPECT_EQ(runtimeRuleDocPath("reference-mismatch"),
            RulesDir + "/runtime/reference-mismatch.md");
  for (ReportKind K : allReportKinds()) {
    if (ruleDoc(K) != RuleDoc::Runtime)
      continue;
    const std::string Path = runtimeRuleDocPath(ruleId(K));
    EXPECT_EQ(Path.rfind('/', 0), 0u) << kindName(K) << ": not absolute: " << Path;
    EXPECT_TRUE(std::filesystem::is_regular_file(Path)) << kindName(K) << ": " << Path;
  }
  EXPECT_EQ(runtimeRuleDocPath("no-such-rule"), "");
}

} // namespace
