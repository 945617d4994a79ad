//===--- NodeContext.h - where a node stands, for the wave64 checks --------===//
///
/// \file
/// Shared answers about the context of an AST node, for the wave64 checks:
/// its parent above parentheses and implicit casts, the statement and the
/// function around it, whether that function runs on the device, whether a
/// constant expression is required there, whether a 32 there means bits per
/// word (from where the value goes), and whether the user wrote the code
/// (not a system header or a system macro). The recognisers of the HIP
/// wave model itself (thread, lane and warp indices, `warpSize`, builtins)
/// are in WaveMatchers.h.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_CHECKS_NODECONTEXT_H
#define WAVECHECK_CHECKS_NODECONTEXT_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <utility>

namespace wavecheck {

/// Goes up from \p S through the parents that are statements satisfying
/// \p Through. Returns the highest statement reached (\p S when none) and the
/// parent that stopped the climb: a statement failing \p Through, or nullptr
/// at a declaration or at the root.
std::pair<const clang::Stmt *, const clang::Stmt *>
climbWhile(const clang::Stmt *S, clang::ASTContext &Ctx,
           llvm::function_ref<bool(const clang::Stmt *)> Through);

/// The parent of \p S above parentheses and implicit casts; nullptr when that
/// parent is no statement (a declaration) or there is none. When \p Child is
/// given it is set to the node directly below the returned parent (\p S or
/// the outermost parenthesis or implicit cast around it).
const clang::Stmt *semanticParent(const clang::Stmt *S, clang::ASTContext &Ctx,
                                  const clang::Stmt **Child = nullptr);

/// The full statement (child of a compound statement, or the condition or
/// increment of a loop) that contains \p S.
const clang::Stmt *enclosingStatement(const clang::Stmt *S,
                                      clang::ASTContext &Ctx);

/// The function whose body contains \p S; nullptr at namespace scope. In a
/// lambda body that is the function the lambda is written in, or with
/// \p InnermostLambda the lambda's call operator (for its return type).
const clang::FunctionDecl *enclosingFunction(const clang::Stmt *S,
                                             clang::ASTContext &Ctx,
                                             bool InnermostLambda = false);

/// The function \p FD stands for when facts are gathered per function: a
/// lambda counts as the function it is written in, a template instantiation
/// as its pattern; the canonical declaration. nullptr for nullptr.
const clang::FunctionDecl *owningFunction(const clang::FunctionDecl *FD);

/// owningFunction() of the innermost function whose scope contains \p D;
/// nullptr for a declaration at namespace or class scope.
const clang::FunctionDecl *owningFunctionOfDecl(const clang::Decl *D);

/// True when a declaration of \p FD is `__device__` or `__global__`. Host
/// code, and nullptr, give false. `__host__ __device__` functions give true.
bool isDeviceFunction(const clang::FunctionDecl *FD);

/// True when \p FD is device code that the host can call as well:
/// `__host__ __device__`, explicitly or implicitly (a `constexpr` function
/// without attributes, under clang's default -fcuda-host-device-constexpr).
bool isHostDeviceFunction(const clang::FunctionDecl *FD);

/// owningFunction() of the function around \p S when it is device code (see
/// isDeviceFunction()); nullptr in host code and at namespace scope.
const clang::FunctionDecl *enclosingDeviceFunction(const clang::Stmt *S,
                                                   clang::ASTContext &Ctx);

/// True when the 32 in \p E (a `/`, `%`, `>>` or `&` by 32/5/31) means bits
/// per word: \p E indexes an array of 32-bit integers, or it is the shift
/// amount of a 32-bit value in a statement that indexes such an array
/// (`bits[i / 32] |= 1u << (i % 32)`). When \p E initialises a local
/// variable, its uses are followed: the 32 means bits per word when the
/// variable indexes a 32-bit-word array in a statement that also shifts a
/// 32-bit value by a bit index, or is such a shift amount in a statement
/// indexing a word array (`int word = i >> 5; int bit = i & 31;
/// atomicOr(&bits[word], 1u << bit);`).
bool isBitsPerWordUse(const clang::Expr *E, clang::ASTContext &Ctx);

/// True when the location is in code the HIP compile of this translation unit
/// never sees written by the user: a system header (stand-in or ROCm).
bool inSystemHeader(clang::SourceLocation Loc, const clang::SourceManager &SM);

/// True when the user did not write the code at \p Loc: an invalid location,
/// a system header (inSystemHeader()) or the expansion of a macro defined in
/// one. The checks report nothing there.
bool inSystemCode(clang::SourceLocation Loc, const clang::SourceManager &SM);

/// True when either end of \p R is in a macro expansion: no fix-it edits it.
bool inMacro(clang::SourceRange R);

/// The characters of the file that the token range \p R covers: a macro use
/// as a whole maps to its name and arguments; invalid when \p R is only part
/// of a macro expansion.
clang::CharSourceRange fileRange(clang::SourceRange R,
                                 const clang::ASTContext &Ctx);

/// Calls \p Fn on \p S and on every statement below it, each parent before
/// its children; nothing for nullptr.
void forEachStmt(const clang::Stmt *S,
                 llvm::function_ref<void(const clang::Stmt *)> Fn);

} // namespace wavecheck

#endif
