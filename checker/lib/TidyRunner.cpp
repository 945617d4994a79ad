#include "lib/TidyRunner.h"
#include "model/WaveModel.h"

#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"

namespace wavecheck {

namespace {

/// Forwards to clang-tidy's consumer after narrowing the traversal scope to
/// the declarations written outside system headers.
class UserCodeConsumer : public clang::ASTConsumer {
public:
  explicit UserCodeConsumer(std::unique_ptr<clang::ASTConsumer> Inner)
      : Inner(std::move(Inner)) {}

  void Initialize(clang::ASTContext &Ctx) override { Inner->Initialize(Ctx); }
  bool HandleTopLevelDecl(clang::DeclGroupRef D) override {
    return Inner->HandleTopLevelDecl(D);
  }
  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    const clang::SourceManager &SM = Ctx.getSourceManager();
    std::vector<clang::Decl *> User;
    for (clang::Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
      clang::SourceLocation L = D->getLocation();
      if (L.isValid() && !SM.isInSystemHeader(SM.getExpansionLoc(L)))
        User.push_back(D);
    }
    Ctx.setTraversalScope(User);
    Inner->HandleTranslationUnit(Ctx);
  }

private:
  std::unique_ptr<clang::ASTConsumer> Inner;
};

class Action : public clang::ASTFrontendAction {
public:
  Action(clang::tidy::ClangTidyASTConsumerFactory &F, clang::tidy::ClangTidyContext &Context,
         bool WaveModel, model::ModelExchange *Exchange)
      : Factory(F), Context(Context), WaveModel(WaveModel), Exchange(Exchange) {}
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, llvm::StringRef File) override {
    auto Tidy = std::make_unique<UserCodeConsumer>(Factory.createASTConsumer(CI, File));
    std::unique_ptr<clang::ASTConsumer> Model =
        WaveModel ? model::makeWaveModelConsumer(CI, Context, Exchange) : nullptr;
    if (!Model)
      return Tidy;
    // The AST checks first; the model after them, at the end of the unit.
    std::vector<std::unique_ptr<clang::ASTConsumer>> Both;
    Both.push_back(std::move(Tidy));
    Both.push_back(std::move(Model));
    return std::make_unique<clang::MultiplexConsumer>(std::move(Both));
  }

private:
  clang::tidy::ClangTidyASTConsumerFactory &Factory;
  clang::tidy::ClangTidyContext &Context;
  bool WaveModel;
  model::ModelExchange *Exchange;
};

class ActionFactory : public clang::tooling::FrontendActionFactory {
public:
  ActionFactory(clang::tidy::ClangTidyContext &Context,
                llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS, bool WaveModel,
                model::ModelExchange *Exchange)
      : Factory(Context, std::move(FS)), Context(Context), WaveModel(WaveModel),
        Exchange(Exchange) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<Action>(Factory, Context, WaveModel, Exchange);
  }
  bool runInvocation(std::shared_ptr<clang::CompilerInvocation> Invocation,
                     clang::FileManager *Files,
                     std::shared_ptr<clang::PCHContainerOperations> PCH,
                     clang::DiagnosticConsumer *Diags) override {
    // As clang-tidy does: code can tell it is being analysed.
    Invocation->getPreprocessorOpts().SetUpStaticAnalyzer = true;
    // No "N warnings generated." line on stderr: findings are reported by
    // wavecheck's own output (clang prints the count only with carets on).
    Invocation->getDiagnosticOpts().ShowCarets = false;
    return FrontendActionFactory::runInvocation(std::move(Invocation), Files,
                                                std::move(PCH), Diags);
  }

private:
  clang::tidy::ClangTidyASTConsumerFactory Factory;
  clang::tidy::ClangTidyContext &Context;
  bool WaveModel;
  model::ModelExchange *Exchange;
};

} // namespace

std::vector<clang::tidy::ClangTidyError>
runChecks(clang::tidy::ClangTidyContext &Context,
          const clang::tooling::CompilationDatabase &DB, llvm::StringRef File,
          llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS, bool WaveModel,
          model::ModelExchange *Exchange) {
  clang::tooling::ClangTool Tool(DB, {File.str()},
                                 std::make_shared<clang::PCHContainerOperations>(), FS);
  Tool.appendArgumentsAdjuster(clang::tooling::getStripPluginsAdjuster());
  Tool.setPrintErrorMessage(false);
  clang::tidy::ClangTidyDiagnosticConsumer DiagConsumer(Context, nullptr,
                                                        /*RemoveIncompatibleErrors=*/true,
                                                        /*GetFixesFromNotes=*/false);
  auto DiagOpts = std::make_unique<clang::DiagnosticOptions>();
  clang::DiagnosticsEngine DE(clang::DiagnosticIDs::create(), *DiagOpts, &DiagConsumer,
                              /*ShouldOwnClient=*/false);
  Context.setDiagnosticsEngine(std::move(DiagOpts), &DE);
  Tool.setDiagnosticConsumer(&DiagConsumer);
  ActionFactory Factory(Context, FS, WaveModel, Exchange);
  Tool.run(&Factory);
  return DiagConsumer.take();
}

} // namespace wavecheck
