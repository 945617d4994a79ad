//===--- WaveModel.cpp - what 64 lanes compute, compared with 32 -----------===//
///
/// \file
/// The model's entry points (model/WaveModel.h): analyseModule optimises
/// the unit's device IR and runs every kernel that depends on the wave size
/// at both widths (WaveKernels.cpp); the consumer generates that IR beside
/// clang-tidy's parse and reports the findings as clang-tidy diagnostics.
///
//===----------------------------------------------------------------------===//
#include "model/WaveModel.h"
#include "model/WaveCompare.h"

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/GlobalDecl.h"
#include "clang/Basic/CodeGenOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/CodeGen/ModuleBuilder.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Passes/PassBuilder.h"
#include <algorithm>
#include <chrono>
#include <map>
#include <cstdlib>
#include <set>

namespace wavecheck::model {

using namespace llvm;
using namespace detail;

namespace {

void optimise(Module &M) {
  // Only the kernels are run: every other definition becomes internal, so
  // the pipeline drops what no kernel reaches (generated code can hold
  // thousands of unused device functions) and inlines what is called once.
  for (Function &F : M)
    if (!F.isDeclaration() && F.getCallingConv() != CallingConv::AMDGPU_KERNEL)
      F.setLinkage(GlobalValue::InternalLinkage);
  for (GlobalVariable &G : M.globals())
    if (!G.isDeclaration())
      G.setLinkage(GlobalValue::InternalLinkage);
  // No target machine: AMDGPU's own folds (llvm.amdgcn.wavefrontsize to 64)
  // do not run, so the wave size stays a question the interpreter answers.
  PipelineTuningOptions PTO;
  PTO.LoopVectorization = false;
  PTO.SLPVectorization = false;
  PTO.LoopUnrolling = true;
  PassBuilder PB(nullptr, PTO);
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  ModulePassManager MPM = PB.buildPerModuleDefaultPipeline(OptimizationLevel::O2);
  MPM.run(M, MAM);
}

/// Milliseconds since \p Start, for WAVECHECK_MODEL_TRACE.
std::string msSince(std::chrono::steady_clock::time_point Start) {
  double Ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - Start).count();
  return std::to_string(static_cast<long>(Ms + 0.5)) + " ms";
}

} // namespace

/// True when \p K, or a function it calls, asks the wave size or a lane id
/// or exchanges across lanes. Otherwise both runs execute the same
/// instructions on the same values, so there is nothing to compare and the
/// kernel is not run (a GEMM main loop without a shuffle costs most of the
/// model's time and can never differ).
bool dependsOnTheWave(const Function &K) {
  std::set<const Function *> Seen;
  std::vector<const Function *> Work{&K};
  while (!Work.empty()) {
    const Function *F = Work.back();
    Work.pop_back();
    if (!Seen.insert(F).second)
      continue;
    for (const Instruction &I : instructions(*F)) {
      const auto *CB = dyn_cast<CallBase>(&I);
      if (!CB)
        continue;
      const Function *Callee = CB->getCalledFunction();
      if (!Callee)
        return true; // an indirect call: the run will say it is not modelled
      if (Callee->isIntrinsic()) {
        StringRef N = Callee->getName();
        if (N.starts_with("llvm.amdgcn.") &&
            (N.contains("wavefrontsize") || N.contains("mbcnt") || N.contains("bpermute") ||
             N.contains("ballot") || N.contains("readlane") || N.contains("readfirstlane") ||
             N.contains("dpp") || N.contains("permlane") || N.contains("swizzle") ||
             N.contains("wave.reduce") || N.contains("icmp") || N.contains("fcmp") ||
             N.contains("writelane") || N.contains("wwm") || N.contains("mfma") ||
             N.contains("wmma")))
          return true;
      } else if (!Callee->isDeclaration()) {
        Work.push_back(Callee);
      }
    }
  }
  return false;
}

ModuleReport analyseModule(Module &M, const ModelReference *Ref,
                           const std::map<std::string, HostLaunch> *Launches) {
  ModuleReport R;
  FunctionIds Ids = functionExtents(M, R.Functions);
  auto Start = std::chrono::steady_clock::now();
  optimise(M);
  if (std::getenv("WAVECHECK_MODEL_TRACE"))
    llvm::errs() << "wave model: optimised in " << msSince(Start) << "\n";
  auto NewRef = std::make_shared<ModelReference>();
  for (const Function &F : M)
    if (!F.isDeclaration() && F.getCallingConv() == CallingConv::AMDGPU_KERNEL) {
      const HostLaunch *Host = nullptr;
      if (Launches)
        if (auto It = Launches->find(F.getName().str()); It != Launches->end())
          Host = &It->second;
      // Launched only where wavefronts have 32 lanes: it never runs here.
      bool Unlaunched = Host && !Host->AtWave64;
      // Launched only where wavefronts have 64 lanes: no 32-lane original
      // to compare with (the host picks another kernel there).
      if (Host && !Host->AtWave32 && !Unlaunched && dependsOnTheWave(F)) {
        KernelVerdict V;
        V.Symbol = F.getName().str();
        V.Run = true;
        ++R.Kernels;
        R.NotModelled.push_back(
            {F.getSubprogram() ? F.getSubprogram()->getName().str() : V.Symbol,
             "the host launches it only where wavefronts have 64 lanes, so there is no "
             "32-lane run to compare with"});
        R.Verdicts.push_back(std::move(V));
        continue;
      }
      if (dependsOnTheWave(F) && !Unlaunched) {
        if (Ref)
          compareWithReference(F, R, *Ref);
        else
          compareKernel(F, R, *NewRef, Ids, Host);
      } else {
        // Both runs would execute the same instructions on the same values,
        // or the kernel never runs on a 64-lane device.
        ++(Unlaunched ? R.Unlaunched : R.Skipped);
        KernelVerdict V;
        V.Symbol = F.getName().str();
        V.Modelled = V.Same = true;
        V.MatchesReference = Unlaunched;
        std::vector<const BasicBlock *> All = blocksOf(F);
        V.Lines = V.Executed = linesOf(All);
        V.Reaches = V.Entered = functionsOf(All, Ids);
        R.Verdicts.push_back(std::move(V));
      }
    }
  R.Reference = std::move(NewRef);
  return R;
}

namespace {

/// Swallows every diagnostic LLVM emits on the model's IR.
struct SilentLLVMDiagnostics : llvm::DiagnosticHandler {
  bool handleDiagnostics(const llvm::DiagnosticInfo &) override { return true; }
};

/// Generates the translation unit's IR (it owns the code generator and
/// forwards it every declaration) and runs the model at its end.
class ModelRunner : public clang::ASTConsumer {
public:
  ModelRunner(clang::CompilerInstance &CI, clang::tidy::ClangTidyContext &Context,
              ModelExchange *Exchange)
      : LLCtx(std::make_unique<llvm::LLVMContext>()),
        CGO(std::make_unique<clang::CodeGenOptions>(CI.getCodeGenOpts())), Context(Context),
        Exchange(Exchange) {
    // LLVM's own remarks and warnings on the model's IR ("loop not unrolled")
    // are about wavecheck's internal optimisation, not the user's code: the
    // model's context keeps them to itself instead of printing them to stderr.
    LLCtx->setDiagnosticHandler(std::make_unique<SilentLLVMDiagnostics>());
    CGO->OptimizationLevel = 2; // no optnone on the functions
    CGO->DisableO0ImplyOptNone = true;
    CGO->setDebugInfo(llvm::codegenoptions::DebugLineTablesOnly);
    // The code generator's own diagnostics (a builtin the target lacks) are
    // not the file's: they only stop the model.
    Diags = std::make_unique<clang::DiagnosticsEngine>(
        clang::DiagnosticIDs::create(), CI.getDiagnosticOpts(),
        new clang::IgnoringDiagConsumer(), /*ShouldOwnClient=*/true);
    Diags->setSourceManager(&CI.getSourceManager());
    CG = clang::CreateLLVMCodeGen(*Diags, "wave-model", CI.getVirtualFileSystemPtr(),
                                  CI.getHeaderSearchOpts(), CI.getPreprocessorOpts(), *CGO,
                                  *LLCtx);
  }

  void Initialize(clang::ASTContext &C) override {
    AST = &C;
    CG->Initialize(C);
  }
  // After clang's first error the AST holds invalid declarations, which the
  // code generator must not see: the model stops there (clang-tidy reports
  // the error).
  bool broken() const { return !AST || AST->getDiagnostics().hasErrorOccurred(); }
  bool HandleTopLevelDecl(clang::DeclGroupRef D) override {
    return broken() || CG->HandleTopLevelDecl(D);
  }
  void HandleInlineFunctionDefinition(clang::FunctionDecl *D) override {
    if (!broken())
      CG->HandleInlineFunctionDefinition(D);
  }
  void HandleInterestingDecl(clang::DeclGroupRef D) override {
    if (!broken())
      CG->HandleInterestingDecl(D);
  }
  void HandleTagDeclDefinition(clang::TagDecl *D) override {
    if (!broken())
      CG->HandleTagDeclDefinition(D);
  }
  void HandleTagDeclRequiredDefinition(const clang::TagDecl *D) override {
    if (!broken())
      CG->HandleTagDeclRequiredDefinition(D);
  }
  void HandleCXXImplicitFunctionInstantiation(clang::FunctionDecl *D) override {
    if (!broken())
      CG->HandleCXXImplicitFunctionInstantiation(D);
  }
  void HandleTopLevelDeclInObjCContainer(clang::DeclGroupRef D) override {
    if (!broken())
      CG->HandleTopLevelDeclInObjCContainer(D);
  }
  void HandleImplicitImportDecl(clang::ImportDecl *D) override {
    if (!broken())
      CG->HandleImplicitImportDecl(D);
  }
  void CompleteTentativeDefinition(clang::VarDecl *D) override {
    if (!broken())
      CG->CompleteTentativeDefinition(D);
  }
  void CompleteExternalDeclaration(clang::DeclaratorDecl *D) override {
    if (!broken())
      CG->CompleteExternalDeclaration(D);
  }
  void AssignInheritanceModel(clang::CXXRecordDecl *RD) override {
    if (!broken())
      CG->AssignInheritanceModel(RD);
  }
  void HandleCXXStaticMemberVarInstantiation(clang::VarDecl *D) override {
    if (!broken())
      CG->HandleCXXStaticMemberVarInstantiation(D);
  }
  void HandleVTable(clang::CXXRecordDecl *RD) override {
    if (!broken())
      CG->HandleVTable(RD);
  }

  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    if (broken())
      return;
    bool Trace = std::getenv("WAVECHECK_MODEL_TRACE");
    auto Start = std::chrono::steady_clock::now();
    CG->HandleTranslationUnit(Ctx);
    if (Diags->hasErrorOccurred())
      return;
    Module *M = CG->GetModule();
    if (!M)
      return;
    if (Trace)
      llvm::errs() << "wave model: IR generated in " << msSince(Start) << "\n";
    std::map<std::string, HostLaunch> Launches =
        hostLaunches(Ctx, [&](const clang::FunctionDecl *FD) {
          return CG->GetMangledName(clang::GlobalDecl(FD)).str();
        });
    ModuleReport R =
        analyseModule(*M, Exchange ? Exchange->Reference.get() : nullptr, &Launches);
    // WAVECHECK_MODEL_TRACE=1: which kernels the model could not run, why.
    if (Trace) {
      llvm::errs() << "wave model: " << msSince(Start) << " in all; " << R.Kernels
                   << " kernels run, " << R.NotModelled.size() << " of them not modelled, "
                   << R.Skipped << " without a wave operation not run, " << R.Unlaunched
                   << " launched only at 32 lanes not run\n";
      for (const auto &[K, Why] : R.NotModelled)
        llvm::errs() << "wave model: '" << K << "' not modelled: " << Why << "\n";
      for (const KernelVerdict &V : R.Verdicts)
        llvm::errs() << "wave model: '" << V.Symbol << "': "
                     << (!V.Run        ? "not run"
                         : !V.Modelled ? "not modelled"
                         : V.Same      ? "the same at both widths"
                         : V.Differs   ? "differs (reported or crossed groups)"
                                       : "differs where the code's own lane mapping explains it")
                     << (Exchange && Exchange->Reference
                             ? (V.MatchesReference ? "; matches the original at wave 32"
                                                   : "; does not match the original at wave 32")
                             : "")
                     << "\n";
    }
    clang::SourceManager &SM = Ctx.getSourceManager();
    auto Loc = [&](const Place &P) -> clang::SourceLocation {
      if (P.File.empty() || !P.Line)
        return {};
      auto FE = SM.getFileManager().getOptionalFileRef(P.File);
      if (!FE)
        return {};
      return SM.translateFileLineCol(*FE, P.Line, std::max(P.Column, 1u));
    };
    // The first place of a chain in user code (not a stand-in or ROCm
    // header), and its position in the chain.
    auto User = [&](const Chain &C, size_t From) -> std::pair<clang::SourceLocation, size_t> {
      for (size_t I = From; I < C.size(); ++I) {
        clang::SourceLocation L = Loc(C[I]);
        if (L.isValid() && !SM.isInSystemHeader(L))
          return {L, I};
      }
      return {{}, C.size()};
    };
    for (const ModelFinding &F : R.Findings) {
      if (!Context.isCheckEnabled(F.Check))
        continue;
      auto [L, At] = User(F.At, 0);
      if (L.isInvalid())
        continue;
      Context.diag(F.Check, L, F.Message);
      std::set<std::pair<clang::SourceLocation, std::string>> Said;
      for (const auto &[C, Text] : F.Notes) {
        // A note without a place (the tier) goes at the finding; several
        // operations inlined from one line are one note.
        clang::SourceLocation NL = C.empty() ? L : User(C, 0).first;
        if (NL.isValid() && Said.insert({NL, Text}).second)
          Context.diag(F.Check, NL, Text, clang::DiagnosticIDs::Note);
      }
      for (auto [CL, I] = User(F.At, At + 1); CL.isValid(); std::tie(CL, I) = User(F.At, I + 1))
        Context.diag(F.Check, CL, "inlined from here", clang::DiagnosticIDs::Note);
    }
    if (Exchange)
      Exchange->Report = std::move(R);
  }

private:
  // Destroyed in reverse: the generator (and its module) before the
  // context, options and diagnostics it uses.
  std::unique_ptr<llvm::LLVMContext> LLCtx;
  std::unique_ptr<clang::CodeGenOptions> CGO;
  std::unique_ptr<clang::DiagnosticsEngine> Diags;
  std::unique_ptr<clang::CodeGenerator> CG;
  clang::tidy::ClangTidyContext &Context;
  ModelExchange *Exchange;
  clang::ASTContext *AST = nullptr;
};

} // namespace

std::unique_ptr<clang::ASTConsumer> makeWaveModelConsumer(clang::CompilerInstance &CI,
                                                          clang::tidy::ClangTidyContext &Context,
                                                          ModelExchange *Exchange) {
  const clang::LangOptions &LO = CI.getLangOpts();
  if (!LO.CUDAIsDevice || !CI.getTarget().getTriple().isAMDGCN())
    return nullptr;
  // Only where wavefronts have 64 lanes (gfx9): elsewhere a port computes
  // what the 32-lane original does.
  if (CI.getTarget().getGridValue().GV_Warp_Size != 64)
    return nullptr;
  return std::make_unique<ModelRunner>(CI, Context, Exchange);
}

} // namespace wavecheck::model
