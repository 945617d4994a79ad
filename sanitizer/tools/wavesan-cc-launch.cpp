//===- wavesan-cc-launch.cpp - `<<<...>>>` launches for the emulator ------===//
///
/// \file
/// rewriteLaunches and includeDirectives (wavesan-cc-launch.h), on Clang's raw lexer
/// and Rewriter.
///
//===----------------------------------------------------------------------===//

#include "wavesan-cc-launch.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/FileSystemOptions.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>

namespace wavesan_cc {

namespace {

using clang::tok::TokenKind;

/// One file in Clang's source manager, split into raw tokens.
class TokenizedFile {
public:
  TokenizedFile(std::string_view Src, std::string_view Name)
      : Diags(clang::DiagnosticIDs::create(), DiagOpts, new clang::IgnoringDiagConsumer(),
              /*ShouldOwnClient=*/true),
        Files(clang::FileSystemOptions()), SM(Diags, Files) {
    // C++ with CUDA's lexing: `<<<` and `>>>` are one token each.
    LangOpts.CPlusPlus = LangOpts.CPlusPlus11 = LangOpts.CPlusPlus14 = true;
    LangOpts.CPlusPlus17 = LangOpts.CPlusPlus20 = true;
    LangOpts.CUDA = true;
    LangOpts.LineComment = true;
    LangOpts.Digraphs = true;
    LangOpts.RawStringLiterals = true;
    FID = SM.createFileID(llvm::MemoryBuffer::getMemBufferCopy(
        llvm::StringRef(Src.data(), Src.size()), llvm::StringRef(Name.data(), Name.size())));
    SM.setMainFileID(FID);
    clang::Lexer Lex(FID, SM.getBufferOrFake(FID), SM, LangOpts);
    Lex.SetCommentRetentionState(false);
    clang::Token T;
    while (!Lex.LexFromRawLexer(T))
      Tokens.push_back(T);
    if (T.isNot(clang::tok::eof))
      Tokens.push_back(T);
  }

  unsigned offset(size_t I) const { return SM.getFileOffset(Tokens[I].getLocation()); }
  unsigned end(size_t I) const { return offset(I) + Tokens[I].getLength(); }
  bool is(size_t I, TokenKind K) const { return I < Tokens.size() && Tokens[I].is(K); }
  bool isIdentifier(size_t I) const { return is(I, clang::tok::raw_identifier); }
  llvm::StringRef identifier(size_t I) const { return Tokens[I].getRawIdentifier(); }
  llvm::StringRef text(unsigned Begin, unsigned End) const {
    return SM.getBufferData(FID).substr(Begin, End - Begin);
  }

  clang::DiagnosticOptions DiagOpts;
  clang::DiagnosticsEngine Diags;
  clang::FileManager Files;
  clang::SourceManager SM;
  clang::LangOptions LangOpts;
  clang::FileID FID;
  std::vector<clang::Token> Tokens;
};

/// The token that opens the bracket closed at \p I (`)`, `]`, `}`), walking back no
/// further than \p Floor; SIZE_MAX when unbalanced there.
size_t matchBack(const TokenizedFile &F, size_t I, size_t Floor) {
  int Depth = 0;
  for (size_t J = I + 1; J-- > Floor;) {
    if (F.is(J, clang::tok::r_paren) || F.is(J, clang::tok::r_square) ||
        F.is(J, clang::tok::r_brace))
      ++Depth;
    else if (F.is(J, clang::tok::l_paren) || F.is(J, clang::tok::l_square) ||
             F.is(J, clang::tok::l_brace))
      if (--Depth == 0)
        return J;
  }
  return SIZE_MAX;
}

/// The `<` that opens the template argument list closed at \p I (`>`, `>>` or `>>>`),
/// walking back over nested lists and brackets, no further than \p Floor; SIZE_MAX
/// when there is none.
size_t matchAngleBack(const TokenizedFile &F, size_t I, size_t Floor) {
  int Depth = 0;
  for (size_t J = I + 1; J-- > Floor;) {
    if (F.is(J, clang::tok::greater))
      Depth += 1;
    else if (F.is(J, clang::tok::greatergreater))
      Depth += 2;
    else if (F.is(J, clang::tok::greatergreatergreater))
      Depth += 3;
    else if (F.is(J, clang::tok::less)) {
      if (--Depth == 0)
        return J;
    } else if (F.is(J, clang::tok::r_paren) || F.is(J, clang::tok::r_square)) {
      J = matchBack(F, J, Floor);
      if (J == SIZE_MAX)
        return SIZE_MAX;
    } else if (F.is(J, clang::tok::semi) || F.is(J, clang::tok::l_brace) ||
               F.is(J, clang::tok::r_brace) || F.is(J, clang::tok::lesslessless)) {
      return SIZE_MAX;
    }
    if (Depth <= 0)
      return SIZE_MAX;
  }
  return SIZE_MAX;
}

/// The first token of the callee ending just before the `<<<` at \p Launch, not
/// before \p Floor (the token after the previous `<<<`, so that the walk is linear in
/// the file however many launches it holds); SIZE_MAX when the tokens there do not
/// form one (see the header).
size_t calleeBegin(const TokenizedFile &F, size_t Launch, size_t Floor) {
  if (Launch <= Floor)
    return SIZE_MAX;
  size_t Pos = Launch - 1;
  for (;;) {
    size_t Piece;
    if (F.is(Pos, clang::tok::r_paren)) {
      // `(k<float, 4>)` or `HIP_KERNEL_NAME(k<float, 4>)`.
      Piece = matchBack(F, Pos, Floor);
      if (Piece == SIZE_MAX)
        return SIZE_MAX;
      if (Piece > Floor && F.isIdentifier(Piece - 1))
        --Piece;
    } else {
      if (F.is(Pos, clang::tok::greater) || F.is(Pos, clang::tok::greatergreater) ||
          F.is(Pos, clang::tok::greatergreatergreater)) {
        size_t Open = matchAngleBack(F, Pos, Floor);
        if (Open == SIZE_MAX || Open <= Floor)
          return SIZE_MAX;
        Pos = Open - 1;
      }
      if (!F.isIdentifier(Pos))
        return SIZE_MAX;
      Piece = Pos;
      if (Piece > Floor && F.isIdentifier(Piece - 1) && F.identifier(Piece - 1) == "template")
        --Piece;
    }
    if (Piece > Floor && F.is(Piece - 1, clang::tok::coloncolon)) {
      if (Piece >= Floor + 2 && (F.isIdentifier(Piece - 2) || F.is(Piece - 2, clang::tok::greater) ||
                         F.is(Piece - 2, clang::tok::greatergreater))) {
        Pos = Piece - 2;
        continue;
      }
      return Piece - 1; // `::k`
    }
    return Piece;
  }
}

/// The `>>>` that closes the configuration opened at \p Launch; SIZE_MAX if none.
size_t configEnd(const TokenizedFile &F, size_t Launch) {
  int Depth = 0;
  for (size_t J = Launch + 1; J < F.Tokens.size(); ++J) {
    if (F.is(J, clang::tok::l_paren) || F.is(J, clang::tok::l_square) ||
        F.is(J, clang::tok::l_brace))
      ++Depth;
    else if (F.is(J, clang::tok::r_paren) || F.is(J, clang::tok::r_square) ||
             F.is(J, clang::tok::r_brace)) {
      if (--Depth < 0)
        return SIZE_MAX;
    } else if (Depth == 0 && F.is(J, clang::tok::greatergreatergreater))
      return J;
    else if (Depth == 0 && (F.is(J, clang::tok::semi) || F.is(J, clang::tok::lesslessless)))
      return SIZE_MAX;
  }
  return SIZE_MAX;
}

/// The callee as one line: newlines (and a macro body's backslash-newlines) become
/// spaces, runs of blanks one space.
std::string oneLine(llvm::StringRef Text) {
  std::string Out;
  bool Blank = false;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\\' && I + 1 < Text.size() && (Text[I + 1] == '\n' || Text[I + 1] == '\r'))
      C = ' ';
    if (C == ' ' || C == '\t' || C == '\n' || C == '\r') {
      Blank = !Out.empty();
      continue;
    }
    if (Blank)
      Out += ' ';
    Blank = false;
    Out += C;
  }
  return Out;
}

/// The newlines of \p Text, so that a replacement keeps the line count. Inside a
/// macro's definition each is kept with its backslash.
std::string newlinesOf(llvm::StringRef Text) {
  std::string Out;
  for (size_t I = 0; I < Text.size(); ++I)
    if (Text[I] == '\n')
      Out += (I > 0 && (Text[I - 1] == '\\' || (Text[I - 1] == '\r' && I > 1 && Text[I - 2] == '\\')))
                 ? " \\\n"
                 : "\n";
  return Out;
}

std::string stringLiteral(llvm::StringRef S) {
  std::string Out = "\"";
  for (char C : S) {
    if (C == '"' || C == '\\')
      Out += '\\';
    Out += C;
  }
  return Out + "\"";
}

void lineColumn(llvm::StringRef Src, unsigned Offset, LaunchError &E) {
  E.Line = 1;
  E.LineBegin = 0;
  for (unsigned I = 0; I < Offset && I < Src.size(); ++I)
    if (Src[I] == '\n') {
      ++E.Line;
      E.LineBegin = I + 1;
    }
  E.Col = Offset - E.LineBegin + 1;
}

} // namespace

LaunchRewrite rewriteLaunches(std::string_view Src, std::string_view Name) {
  LaunchRewrite R;
  if (Src.find("<<<") == std::string_view::npos) {
    R.Text = std::string(Src);
    return R;
  }
  TokenizedFile F(Src, Name);
  clang::Rewriter RW(F.SM, F.LangOpts);
  llvm::StringRef Buffer = F.SM.getBufferData(F.FID);
  auto Loc = [&](unsigned Offset) {
    return F.SM.getLocForStartOfFile(F.FID).getLocWithOffset(Offset);
  };
  auto Fail = [&](size_t Token, const std::string &Message) {
    LaunchError E;
    lineColumn(Buffer, F.offset(Token), E);
    E.Message = Message;
    R.Errors.push_back(std::move(E));
  };
  size_t Floor = 0; // the token after the previous `<<<` or the previous launch
  for (size_t I = 0; I < F.Tokens.size(); ++I) {
    if (!F.is(I, clang::tok::lesslessless))
      continue;
    size_t Here = Floor;
    Floor = I + 1;
    // `operator<<<T>` (a specialisation of operator<<) is not a launch.
    if (I > 0 && F.isIdentifier(I - 1) && F.identifier(I - 1) == "operator")
      continue;
    size_t Begin = calleeBegin(F, I, Here);
    if (Begin == SIZE_MAX) {
      Fail(I, "'<<<' is not preceded by a kernel name (a name, a template-id, or a "
              "parenthesised expression)");
      continue;
    }
    size_t Close = configEnd(F, I);
    if (Close == SIZE_MAX) {
      Fail(Begin, "the launch's '<<<' has no matching '>>>' before the end of the statement");
      continue;
    }
    if (!F.is(Close + 1, clang::tok::l_paren)) {
      Fail(Begin, "the launch's '>>>' is not followed by '(' and the kernel's arguments");
      continue;
    }
    bool NoArguments = F.is(Close + 2, clang::tok::r_paren);
    llvm::StringRef Callee = F.text(F.offset(Begin), F.offset(I));
    std::string Name1 = oneLine(Callee);
    // callee<<<  ->  ::wavesan::emu::detail::chevron("callee", location,
    RW.ReplaceText(Loc(F.offset(Begin)), F.end(I) - F.offset(Begin),
                   "::wavesan::emu::detail::chevron(" + stringLiteral(Name1) +
                       ", ::std::source_location::current(), " + newlinesOf(Callee));
    // >>>(  ->  )([&](auto... a) { callee(a...); },
    llvm::StringRef Between = F.text(F.offset(Close), F.end(Close + 1));
    RW.ReplaceText(Loc(F.offset(Close)), F.end(Close + 1) - F.offset(Close),
                   ")([&](auto... __wavesan_args) { " + Name1 + "(__wavesan_args...); }" +
                       (NoArguments ? "" : ", ") + newlinesOf(Between));
    ++R.Count;
    Floor = Close + 2;
    I = Close + 1;
  }
  if (const auto *B = RW.getRewriteBufferFor(F.FID))
    R.Text = std::string(B->begin(), B->end());
  else
    R.Text = std::string(Src);
  return R;
}

std::vector<IncludeDirective> includeDirectives(std::string_view Src, std::string_view Name) {
  std::vector<IncludeDirective> Out;
  if (Src.find("include") == std::string_view::npos)
    return Out;
  TokenizedFile F(Src, Name);
  llvm::StringRef Buffer = F.SM.getBufferData(F.FID);
  for (size_t I = 0; I + 1 < F.Tokens.size(); ++I) {
    if (!F.is(I, clang::tok::hash) || !F.Tokens[I].isAtStartOfLine() || !F.isIdentifier(I + 1) ||
        F.identifier(I + 1) != "include")
      continue;
    // The rest of the directive's line: "name" or <name>.
    llvm::StringRef Rest = Buffer.substr(F.end(I + 1));
    Rest = Rest.take_until([](char C) { return C == '\n'; }).trim();
    if (Rest.size() < 2)
      continue;
    char Close = Rest[0] == '"' ? '"' : Rest[0] == '<' ? '>' : 0;
    if (!Close)
      continue;
    size_t End = Rest.find(Close, 1);
    if (End == llvm::StringRef::npos || End == 1)
      continue;
    Out.push_back({Rest.substr(1, End - 1).str(), Close == '"'});
  }
  return Out;
}

} // namespace wavesan_cc
