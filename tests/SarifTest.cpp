//===--- SarifTest.cpp - `--format=sarif` for GitHub code scanning ---------===//
///
/// A golden test on testdata/sarif/kernel.hip (copied into a temporary Git
/// work tree, so URIs are relative to it) and structural tests of what code
/// scanning relies on: every rule once with its fields, ruleIndex, stable
/// fingerprints, one automation id per target set, input errors kept as
/// notifications, byte-identical output whatever -j is.
///
/// The expected values are written by hand (the golden, checked line by line:
/// regions against the source, fingerprints with `python3 -c "import hashlib;
/// print(hashlib.sha1(b'<check>\0src/kernel.hip\0<line>').hexdigest()[:16])"`)
/// or come from independent sources: checks/Checks.def and rules/*.md.
///
//===----------------------------------------------------------------------===//
#include "Harness.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include <gtest/gtest.h>
#include <map>
#include <set>

using namespace wavecheck::test;

namespace {

struct CatalogueRule {
  const char *Name;
  const char *Summary;
};
const CatalogueRule Catalogue[] = {
#define WAVECHECK_CHECK(NAME, CLASS, HEADER, SUMMARY, TIERS) {NAME, SUMMARY},
#include "checks/Checks.def"
};

std::string ruleDoc(llvm::StringRef Name) {
  return readFile(std::string(WAVECHECK_SOURCE_DIR) + "/rules/" + Name.str() + ".md");
}

/// The text of a rule doc's "## What it finds" section, without its heading.
std::string whatItFindsSection(llvm::StringRef Doc) {
  size_t At = Doc.find("## What it finds\n");
  if (At == llvm::StringRef::npos)
    return {};
  llvm::StringRef S = Doc.drop_front(At + strlen("## What it finds\n"));
  return S.take_front(S.find("\n## ")).trim().str();
}

/// The JSON string literal of \p S, as llvm::json writes it.
std::string jsonString(llvm::StringRef S) {
  return llvm::formatv("{0}", llvm::json::Value(S.str())).str();
}

std::string realPath(const std::string &P) {
  llvm::SmallString<256> Out;
  if (llvm::sys::fs::real_path(P, Out))
    return P;
  return std::string(Out);
}

class SarifTest : public ::testing::Test {
protected:
  void SetUp() override {
    Dir = realPath(makeTempDir());
    // A Git work tree root: URIs are relative to it (lib/Sarif.cpp).
    Repo = Dir + "/repo";
    llvm::sys::fs::create_directories(Repo + "/.git");
  }
  void TearDown() override { removeTree(Dir); }
  std::string write(const std::string &Rel, const std::string &Text) {
    std::string P = Repo + "/" + Rel;
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(P));
    writeFile(P, Text);
    return P;
  }
  /// Runs wavecheck --format=sarif in \p Cwd (relative to the repo).
  ProcessResult sarif(std::vector<std::string> Args, const std::string &Cwd = "") {
    Args.insert(Args.begin(), "--format=sarif");
    return runWavecheck(Args, Cwd.empty() ? Repo : Repo + "/" + Cwd);
  }
  std::string Dir, Repo;
};

const llvm::json::Object &run0(const llvm::json::Object &Doc) {
  static const llvm::json::Object Empty;
  const llvm::json::Array *Runs = Doc.getArray("runs");
  if (!Runs || Runs->size() != 1 || !(*Runs)[0].getAsObject()) {
    ADD_FAILURE() << "expected exactly one run";
    return Empty;
  }
  return *(*Runs)[0].getAsObject();
}

const llvm::json::Array &arrayAt(const llvm::json::Object &O, llvm::StringRef Key) {
  static const llvm::json::Array Empty;
  const llvm::json::Array *A = O.getArray(Key);
  EXPECT_TRUE(A) << "no array '" << Key.str() << "'";
  return A ? *A : Empty;
}

const llvm::json::Array &results(const llvm::json::Object &Doc) {
  return arrayAt(run0(Doc), "results");
}
const llvm::json::Array &rules(const llvm::json::Object &Doc) {
  static const llvm::json::Object Empty;
  const llvm::json::Object *Tool = run0(Doc).getObject("tool");
  const llvm::json::Object *Driver = Tool ? Tool->getObject("driver") : nullptr;
  EXPECT_TRUE(Driver) << "no runs[0].tool.driver";
  return arrayAt(Driver ? *Driver : Empty, "rules");
}

/// A string at a path of object keys, "" when absent.
std::string str(const llvm::json::Object &O, std::initializer_list<llvm::StringRef> Path) {
  const llvm::json::Object *Cur = &O;
  size_t I = 0;
  for (llvm::StringRef Key : Path) {
    if (++I == Path.size()) {
      std::optional<llvm::StringRef> S = Cur->getString(Key);
      return S ? S->str() : "";
    }
    Cur = Cur->getObject(Key);
    if (!Cur)
      return "";
  }
  return "";
}

const llvm::json::Object &obj(const llvm::json::Value &V) {
  static const llvm::json::Object Empty;
  EXPECT_TRUE(V.getAsObject());
  return V.getAsObject() ? *V.getAsObject() : Empty;
}

std::string fingerprint(const llvm::json::Object &Result) {
  return str(Result, {"partialFingerprints", "primaryLocationLineHash"});
}

const llvm::json::Object &region(const llvm::json::Object &Result) {
  static const llvm::json::Object Empty;
  const llvm::json::Array *Locs = Result.getArray("locations");
  if (!Locs || Locs->empty())
    return Empty;
  const llvm::json::Object *P = obj((*Locs)[0]).getObject("physicalLocation");
  const llvm::json::Object *R = P ? P->getObject("region") : nullptr;
  return R ? *R : Empty;
}

std::string uri(const llvm::json::Object &Result) {
  const llvm::json::Array *Locs = Result.getArray("locations");
  if (!Locs || Locs->empty())
    return "";
  return str(obj((*Locs)[0]), {"physicalLocation", "artifactLocation", "uri"});
}

std::string automationId(const llvm::json::Object &Doc) {
  return str(run0(Doc), {"automationDetails", "id"});
}

TEST_F(SarifTest, GoldenOutput) {
  write("src/kernel.hip", readFile(testdataDir() + "/sarif/kernel.hip"));
  ProcessResult R = sarif({"kernel.hip"}, "src");
  ASSERT_EQ(R.ExitCode, 1) << R.Err;

  // Normalise what varies: the version, the temporary root and the texts taken
  // from rules/*.md (checked against the docs here, and in the next test).
  ProcessResult V = runWavecheck({"--version"});
  llvm::StringRef Version = llvm::StringRef(V.Out).trim();
  ASSERT_TRUE(Version.consume_front("wavecheck ")) << V.Out;
  ASSERT_NE(Version, "2.1.0") << "would clash with the SARIF version";
  std::string Out = R.Out;
  auto ReplaceAll = [&](const std::string &From, const std::string &To) {
    ASSERT_FALSE(From.empty());
    size_t N = 0;
    for (size_t At = Out.find(From); At != std::string::npos;
         At = Out.find(From, At + To.size()), ++N)
      Out.replace(At, From.size(), To);
    EXPECT_GT(N, 0u) << "not in the output: " << From;
  };
  ReplaceAll("\"version\": \"" + Version.str() + "\"", "\"version\": \"@WAVECHECK_VERSION@\"");
  ReplaceAll("\"file://" + Repo + "/\"", "\"file://@ROOT@/\"");
  llvm::json::Object Doc = parseReport(R.Out);
  for (const llvm::json::Value &RV : rules(Doc)) {
    const llvm::json::Object &Rule = obj(RV);
    std::string Id = str(Rule, {"id"});
    ReplaceAll(jsonString(ruleDoc(Id)), "\"@rules/" + Id + ".md@\"");
    ReplaceAll(jsonString(str(Rule, {"fullDescription", "text"})),
               "\"@what-it-finds of rules/" + Id + ".md@\"");
  }

  std::string Golden = readFile(testdataDir() + "/sarif/kernel.sarif");
  ASSERT_FALSE(Golden.empty()) << "testdata/sarif/kernel.sarif is missing";
  if (Out != Golden) {
    std::string Actual = Dir + "/../kernel.sarif.actual";
    writeFile(Actual, Out);
    ADD_FAILURE() << "SARIF differs from testdata/sarif/kernel.sarif; the output "
                     "(normalised) is in "
                  << Actual << "\n"
                  << Out;
  }
}

TEST_F(SarifTest, EveryRuleOnceWithAllFields) {
  write("a.hip", LaneKernel);
  ProcessResult R = sarif({"a.hip"});
  ASSERT_EQ(R.ExitCode, 1) << R.Err;
  llvm::json::Object Doc = parseReport(R.Out);
  EXPECT_EQ(str(Doc, {"version"}), "2.1.0");
  EXPECT_NE(str(Doc, {"$schema"}).find("sarif-schema-2.1.0.json"), std::string::npos);
  EXPECT_EQ(str(run0(Doc), {"tool", "driver", "name"}), "wavecheck");
  EXPECT_FALSE(str(run0(Doc), {"tool", "driver", "version"}).empty());

  std::map<std::string, int> Seen;
  for (const llvm::json::Value &RV : rules(Doc)) {
    const llvm::json::Object &Rule = obj(RV);
    ++Seen[str(Rule, {"id"})];
  }
  for (const CatalogueRule &C : Catalogue) {
    SCOPED_TRACE(C.Name);
    EXPECT_EQ(Seen[C.Name], 1) << "each catalogue rule appears exactly once";
  }
  EXPECT_EQ(Seen.size(), std::size(Catalogue)) << "no rule outside the catalogue";

  for (const llvm::json::Value &RV : rules(Doc)) {
    const llvm::json::Object &Rule = obj(RV);
    std::string Id = str(Rule, {"id"});
    SCOPED_TRACE(Id);
    const CatalogueRule *C = nullptr;
    for (const CatalogueRule &X : Catalogue)
      if (Id == X.Name)
        C = &X;
    ASSERT_TRUE(C);
    EXPECT_EQ(str(Rule, {"shortDescription", "text"}), C->Summary);
    std::string Text = ruleDoc(Id);
    ASSERT_FALSE(Text.empty());
    EXPECT_EQ(str(Rule, {"help", "text"}), Text);
    EXPECT_EQ(str(Rule, {"help", "markdown"}), Text);
    EXPECT_EQ(str(Rule, {"defaultConfiguration", "level"}), "warning");
    // name: the id in PascalCase, not the id again; helpUri: the rule's doc
    // in the source tree, relative to its top.
    std::string Name = str(Rule, {"name"});
    EXPECT_NE(Name, Id);
    EXPECT_EQ(Name.find('-'), std::string::npos) << Name;
    EXPECT_TRUE(Name[0] >= 'A' && Name[0] <= 'Z') << Name;
    EXPECT_EQ(str(Rule, {"helpUri"}), "rules/" + Id + ".md");
    EXPECT_EQ(readFile(std::string(WAVECHECK_SOURCE_DIR) + "/" + str(Rule, {"helpUri"})), Text);
    // fullDescription: the "What it finds" section, whole or cut between
    // blocks and marked, within code scanning's 1000 characters.
    std::string Full = str(Rule, {"fullDescription", "text"});
    std::string Section = whatItFindsSection(Text);
    ASSERT_FALSE(Section.empty());
    EXPECT_LE(Full.size(), 1000u);
    llvm::StringRef Kept = Full;
    if (Kept.consume_back("\n\n(continued in the rule's help)")) {
      EXPECT_GT(Section.size(), 1000u) << "cut only when too long";
      EXPECT_TRUE(llvm::StringRef(Section).starts_with(Kept)) << Full;
      EXPECT_GT(Kept.size(), 100u) << "keeps at least its first block";
    } else {
      EXPECT_EQ(Full, Section);
    }
  }
}

TEST_F(SarifTest, ResultsPointAtTheirRulesAndLocations) {
  write("a.hip", LaneKernel);
  ProcessResult R = sarif({"a.hip"});
  ASSERT_EQ(R.ExitCode, 1) << R.Err;
  llvm::json::Object Doc = parseReport(R.Out);
  ASSERT_EQ(results(Doc).size(), 1u) << R.Out;
  for (const llvm::json::Value &V : results(Doc)) {
    const llvm::json::Object &Res = obj(V);
    std::optional<int64_t> Index = Res.getInteger("ruleIndex");
    ASSERT_TRUE(Index);
    ASSERT_LT(static_cast<size_t>(*Index), rules(Doc).size());
    EXPECT_EQ(str(obj(rules(Doc)[*Index]), {"id"}), str(Res, {"ruleId"}));
    EXPECT_EQ(str(Res, {"ruleId"}), "wave64-hardcoded-warp-size");
    EXPECT_EQ(str(Res, {"level"}), "warning");
    EXPECT_NE(str(Res, {"message", "text"}).find("'tid % 32'"), std::string::npos);
    EXPECT_EQ(uri(Res), "a.hip");
    const llvm::json::Array &Locs = arrayAt(Res, "locations");
    ASSERT_EQ(Locs.size(), 1u);
    EXPECT_EQ(str(obj(Locs[0]), {"physicalLocation", "artifactLocation", "uriBaseId"}),
              "%SRCROOT%");
    // `  int lane = tid % 32;`: the literal 32, columns 20-21, end exclusive.
    EXPECT_EQ(region(Res).getInteger("startLine"), 4);
    EXPECT_EQ(region(Res).getInteger("endLine"), 4);
    EXPECT_EQ(region(Res).getInteger("startColumn"), 20);
    EXPECT_EQ(region(Res).getInteger("endColumn"), 22);
    EXPECT_EQ(fingerprint(Res).size(), 16u + 2u) << fingerprint(Res);
  }
  EXPECT_EQ(str(run0(Doc), {"originalUriBaseIds", "%SRCROOT%", "uri"}),
            "file://" + Repo + "/");
}

TEST_F(SarifTest, WarningsAsErrorsGiveLevelError) {
  write("a.hip", LaneKernel);
  ProcessResult R = sarif({"--warnings-as-errors=wave64-*", "a.hip"});
  llvm::json::Object Doc = parseReport(R.Out);
  ASSERT_EQ(results(Doc).size(), 1u) << R.Out << R.Err;
  EXPECT_EQ(str(obj(results(Doc)[0]), {"level"}), "error");
  // The rule's default stays a warning: the level is the result's own.
  const llvm::json::Object &Rule = obj(rules(Doc)[*obj(results(Doc)[0]).getInteger("ruleIndex")]);
  EXPECT_EQ(str(Rule, {"defaultConfiguration", "level"}), "warning");
}

TEST_F(SarifTest, FindingOfAParseWithCompilerErrorsIsANote) {
  write("a.hip", std::string(LaneKernel) + "int broken = undeclared_name;\n");
  ProcessResult R = sarif({"a.hip"});
  llvm::json::Object Doc = parseReport(R.Out);
  ASSERT_EQ(results(Doc).size(), 1u) << R.Out << R.Err;
  const llvm::json::Object &Res = obj(results(Doc)[0]);
  EXPECT_EQ(str(Res, {"level"}), "note");
  ASSERT_TRUE(Res.getObject("properties"));
  EXPECT_EQ(Res.getObject("properties")->getBoolean("parseFailed"), true) << R.Out;
  EXPECT_FALSE(Res.getArray("fixes")) << "no fix-it from a broken AST";
}

TEST_F(SarifTest, FingerprintSurvivesEditsAboveAndTellsFindingsApart) {
  std::string Kernel = "#include <hip/hip_runtime.h>\n"
                       "__global__ void k(float *out, unsigned *masks) {\n"
                       "  int tid = threadIdx.x;\n"
                       "  int lane = tid % 32;\n"
                       "  int warp = tid / 32;\n"
                       "  out[tid] = lane + warp + __popcll(__ballot(lane > 1));\n"
                       "}\n";
  std::string F = write("src/k.hip", Kernel);
  ProcessResult Before = sarif({"src/k.hip"});
  ASSERT_EQ(Before.ExitCode, 1) << Before.Err;
  llvm::json::Object D1 = parseReport(Before.Out);
  ASSERT_EQ(results(D1).size(), 2u) << Before.Out;
  std::string Lane = fingerprint(obj(results(D1)[0]));
  std::string Warp = fingerprint(obj(results(D1)[1]));
  EXPECT_FALSE(Lane.empty());
  EXPECT_NE(Lane, Warp) << "two findings, two fingerprints";

  // Unrelated lines above the findings, and the indentation of the finding
  // line changed: the lines move, the fingerprints stay.
  std::string Edited = Kernel;
  Edited.insert(Edited.find("__global__"), "// a comment\n\nstatic int unused;\n");
  Edited.replace(Edited.find("  int lane"), 2, "    ");
  writeFile(F, Edited);
  ProcessResult After = sarif({"src/k.hip"});
  ASSERT_EQ(After.ExitCode, 1) << After.Err;
  llvm::json::Object D2 = parseReport(After.Out);
  ASSERT_EQ(results(D2).size(), 2u) << After.Out;
  EXPECT_EQ(region(obj(results(D2)[0])).getInteger("startLine"), 7);
  EXPECT_EQ(region(obj(results(D2)[1])).getInteger("startLine"), 8);
  EXPECT_EQ(fingerprint(obj(results(D2)[0])), Lane);
  EXPECT_EQ(fingerprint(obj(results(D2)[1])), Warp);

  // The same from another working directory of the same repository: the
  // path hashed is relative to the repository root, not to the directory.
  ProcessResult FromSrc = sarif({"k.hip"}, "src");
  llvm::json::Object D3 = parseReport(FromSrc.Out);
  ASSERT_EQ(results(D3).size(), 2u) << FromSrc.Out;
  EXPECT_EQ(fingerprint(obj(results(D3)[0])), Lane);
  EXPECT_EQ(uri(obj(results(D3)[0])), "src/k.hip");
}

TEST_F(SarifTest, IdenticalLinesGetOccurrenceNumbers) {
  std::string F = write("k.hip", "#include <hip/hip_runtime.h>\n"
                                 "__global__ void a(float *out) {\n"
                                 "  int lane = threadIdx.x % 32;\n"
                                 "  out[lane] = __popcll(__ballot(lane > 1));\n"
                                 "}\n"
                                 "__global__ void b(float *out) {\n"
                                 "  int lane = threadIdx.x % 32;\n"
                                 "  out[lane] = __popcll(__ballot(lane > 1)) + 1;\n"
                                 "}\n");
  ProcessResult R = sarif({"k.hip"});
  llvm::json::Object Doc = parseReport(R.Out);
  ASSERT_EQ(results(Doc).size(), 2u) << R.Out;
  std::string A = fingerprint(obj(results(Doc)[0]));
  std::string B = fingerprint(obj(results(Doc)[1]));
  EXPECT_TRUE(llvm::StringRef(A).ends_with(":1")) << A;
  EXPECT_TRUE(llvm::StringRef(B).ends_with(":2")) << B;
  EXPECT_EQ(A.substr(0, 16), B.substr(0, 16)) << "same check, file and line text";
}

TEST_F(SarifTest, AutomationIdPerTargetSet) {
  write("a.hip", LaneKernel);
  llvm::json::Object One = parseReport(sarif({"--offload-arch=gfx942", "a.hip"}).Out);
  llvm::json::Object Two =
      parseReport(sarif({"--offload-arch=gfx950,gfx942", "a.hip"}).Out);
  llvm::json::Object Default = parseReport(sarif({"a.hip"}).Out);
  EXPECT_EQ(automationId(One), "wavecheck/gfx942/");
  EXPECT_EQ(automationId(Two), "wavecheck/gfx942+gfx950/") << "sorted, whatever the order";
  EXPECT_EQ(automationId(Default), "wavecheck/gfx942/");
}

TEST_F(SarifTest, AutomationIdNamesTheConfigurationsOffloadArch) {
  // The files are analysed for the .wavecheck.yaml's target, not the default
  // gfx942: the id names what was analysed.
  write(".wavecheck.yaml", "OffloadArch: gfx950\n");
  write("a.hip", LaneKernel);
  ProcessResult R = sarif({"a.hip"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(automationId(parseReport(R.Out)), "wavecheck/gfx950/");
  // Two directories with two targets: both, sorted.
  write("rdna/.wavecheck.yaml", "OffloadArch: gfx1100\n");
  write("rdna/b.hip", LaneKernel);
  R = sarif({"a.hip", "rdna/b.hip"});
  EXPECT_EQ(automationId(parseReport(R.Out)), "wavecheck/gfx1100+gfx950/");
}

TEST_F(SarifTest, InputErrorsAreNotifications) {
  write("a.hip", LaneKernel);
  write("b.hip", "#include <hip/hip_runtime.h>\n#include \"not_there.h\"\n"
                 "__global__ void k(float *o) { o[threadIdx.x % 32] = 0; }\n");
  ProcessResult R = sarif({"a.hip", "b.hip", "missing.hip"});
  EXPECT_EQ(R.ExitCode, 3) << R.Err;
  llvm::json::Object Doc = parseReport(R.Out);
  EXPECT_GE(results(Doc).size(), 1u) << "the other files are still analysed";
  const llvm::json::Array &Inv = arrayAt(run0(Doc), "invocations");
  ASSERT_EQ(Inv.size(), 1u);
  EXPECT_EQ(obj(Inv[0]).getBoolean("executionSuccessful"), false);
  std::map<std::string, std::string> LevelByUri, MessageByUri;
  for (const llvm::json::Value &V : arrayAt(obj(Inv[0]), "toolExecutionNotifications")) {
    const llvm::json::Object &N = obj(V);
    const llvm::json::Array &Locs = arrayAt(N, "locations");
    ASSERT_EQ(Locs.size(), 1u);
    std::string U = str(obj(Locs[0]), {"physicalLocation", "artifactLocation", "uri"});
    LevelByUri[U] = str(N, {"level"});
    MessageByUri[U] = str(N, {"message", "text"});
  }
  EXPECT_EQ(LevelByUri["missing.hip"], "error");
  EXPECT_NE(MessageByUri["missing.hip"].find("missing.hip"), std::string::npos)
      << "names the file";
  EXPECT_EQ(LevelByUri["b.hip"], "warning") << "a missing header is not fatal";
  EXPECT_NE(MessageByUri["b.hip"].find("not_there.h"), std::string::npos);
  EXPECT_EQ(LevelByUri.count("a.hip"), 0u);

  // Without input errors: successful, no notification.
  llvm::json::Object Clean = parseReport(sarif({"a.hip"}).Out);
  const llvm::json::Array &Inv2 = arrayAt(run0(Clean), "invocations");
  ASSERT_EQ(Inv2.size(), 1u);
  EXPECT_EQ(obj(Inv2[0]).getBoolean("executionSuccessful"), true);
  EXPECT_TRUE(arrayAt(obj(Inv2[0]), "toolExecutionNotifications").empty());
}

TEST_F(SarifTest, FileOutsideTheRootGetsAnAbsoluteUri) {
  std::string Other = Dir + "/other";
  llvm::sys::fs::create_directories(Other);
  writeFile(Other + "/k.hip", LaneKernel);
  ProcessResult R = sarif({Other + "/k.hip"});
  llvm::json::Object Doc = parseReport(R.Out);
  ASSERT_EQ(results(Doc).size(), 1u) << R.Out;
  const llvm::json::Object &Res = obj(results(Doc)[0]);
  EXPECT_EQ(uri(Res), "file://" + Other + "/k.hip");
  const llvm::json::Array &Locs = arrayAt(Res, "locations");
  ASSERT_EQ(Locs.size(), 1u);
  EXPECT_EQ(str(obj(Locs[0]), {"physicalLocation", "artifactLocation", "uriBaseId"}), "");
}

TEST_F(SarifTest, RelativeUrisArePercentEncoded) {
  write("my dir/k#1:x.hip", LaneKernel);
  ProcessResult R = sarif({"my dir/k#1:x.hip"});
  llvm::json::Object Doc = parseReport(R.Out);
  ASSERT_EQ(results(Doc).size(), 1u) << R.Out << R.Err;
  EXPECT_EQ(uri(obj(results(Doc)[0])), "my%20dir/k%231%3Ax.hip");
}

TEST_F(SarifTest, ByteIdenticalWhateverTheJobs) {
  for (int I = 0; I < 4; ++I)
    write("f" + std::to_string(I) + ".hip", LaneKernel);
  std::vector<std::string> Files{"f0.hip", "f1.hip", "f2.hip", "f3.hip"};
  std::vector<std::string> J1{"-j1"}, J2{"-j2"};
  J1.insert(J1.end(), Files.begin(), Files.end());
  J2.insert(J2.end(), Files.begin(), Files.end());
  ProcessResult A = sarif(J1), B = sarif(J2);
  EXPECT_EQ(A.ExitCode, 1) << A.Err;
  EXPECT_EQ(results(parseReport(A.Out)).size(), 4u);
  EXPECT_EQ(A.Out, B.Out);
}

TEST(SarifFormat, UnknownFormatNamesSarifAmongTheChoices) {
  ProcessResult R = runWavecheck({"--format=sarif2", "x.hip"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_NE(R.Err.find("sarif"), std::string::npos) << R.Err;
}

} // namespace
