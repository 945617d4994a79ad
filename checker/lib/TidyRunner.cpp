#include "lib/TidyRunner.h"

#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
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
  explicit Action(clang::tidy::ClangTidyASTConsumerFactory &F) : Factory(F) {}
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, llvm::StringRef File) override {
    return std::make_unique<UserCodeConsumer>(Factory.createASTConsumer(CI, File));
  }

private:
  clang::tidy::ClangTidyASTConsumerFactory &Factory;
};

class ActionFactory : public clang::tooling::FrontendActionFactory {
public:
  ActionFactory(clang::tidy::ClangTidyContext &Context,
                llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS)
      : Factory(Context, std::move(FS)) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<Action>(Factory);
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
};

} // namespace

std::vector<clang::tidy::ClangTidyError>
runChecks(clang::tidy::ClangTidyContext &Context,
          const clang::tooling::CompilationDatabase &DB, llvm::StringRef File,
          llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS) {
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
  ActionFactory Factory(Context, FS);
  Tool.run(&Factory);
  return DiagConsumer.take();
}

} // namespace wavecheck
