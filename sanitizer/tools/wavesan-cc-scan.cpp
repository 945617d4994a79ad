//===- wavesan-cc-scan.cpp - source scanning for wavesan-cc ---------------===//
///
/// \file
/// The lexing behind wavesan-cc-scan.h: each scan is one pass over the bytes that skips
/// `//` and `/* */` comments, string literals (raw strings included) and character
/// literals (not digit separators), then finds `<<<` launches and walks back to the
/// kernel name, or finds `extern __shared__ <type> <name>[];` and its scope.
///
//===----------------------------------------------------------------------===//

#include "wavesan-cc-scan.h"

#include <algorithm>
#include <cctype>

namespace wavesan_cc {

namespace {

bool isIdentChar(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') || (C >= '0' && C <= '9') ||
         C == '_' || C == '$';
}

bool isDigit(char C) { return C >= '0' && C <= '9'; }

/// \p Src with comments, string literals (raw strings with any prefix) and character
/// literals (not digit separators) blanked to spaces, newlines kept and offsets unchanged:
/// the one lexer both scans use.
std::string blankedCode(const std::string &Src) {
  std::string Code = Src;
  const size_t N = Src.size();
  size_t I = 0;
  // The last digit-separator walk-back: the run of identifier characters, quotes and dots
  // ending at the quote QuoteAt starts at RunStart. A later walk-back that reaches QuoteAt
  // continues from RunStart, so "1'1'1'..." is linear, not quadratic.
  size_t QuoteAt = std::string::npos, RunStart = 0;
  auto Blank = [&](size_t From, size_t To) {
    for (size_t K = From; K < To && K < N; ++K)
      if (Code[K] != '\n')
        Code[K] = ' ';
  };
  while (I < N) {
    char C = Src[I];
    if (C == '/' && I + 1 < N && Src[I + 1] == '/') {
      size_t J = I + 2;
      while (J < N && Src[J] != '\n')
        J += (Src[J] == '\\' && J + 1 < N && Src[J + 1] == '\n') ? 2 : 1;
      Blank(I, J);
      I = J;
    } else if (C == '/' && I + 1 < N && Src[I + 1] == '*') {
      size_t End = Src.find("*/", I + 2);
      size_t J = End == std::string::npos ? N : End + 2;
      Blank(I, J);
      I = J;
    } else if (C == '"') {
      // Raw string: R"delim( ... )delim", prefix R, u8R, uR, UR, LR.
      bool Raw = I > 0 && Src[I - 1] == 'R' &&
                 (I < 2 || !isIdentChar(Src[I - 2]) || Src[I - 2] == '8' ||
                  Src[I - 2] == 'u' || Src[I - 2] == 'U' || Src[I - 2] == 'L');
      size_t J;
      if (Raw) {
        size_t Paren = Src.find('(', I + 1);
        if (Paren == std::string::npos) {
          J = N;
        } else {
          std::string Close = ")" + Src.substr(I + 1, Paren - I - 1) + "\"";
          size_t End = Src.find(Close, Paren + 1);
          J = End == std::string::npos ? N : End + Close.size();
        }
      } else {
        J = I + 1;
        while (J < N && Src[J] != '"' && Src[J] != '\n')
          J += (Src[J] == '\\' && J + 1 < N) ? 2 : 1;
        J = J < N ? J + 1 : N;
      }
      Blank(I, J);
      I = J;
    } else if (C == '\'') {
      // A digit separator (1'000) follows a digit/letter of a number; skip it.
      if (I > 0 && isIdentChar(Src[I - 1])) {
        size_t K = I;
        while (K > 0 && (isIdentChar(Src[K - 1]) || Src[K - 1] == '\'' || Src[K - 1] == '.')) {
          if (K - 1 == QuoteAt) {
            K = RunStart;
            break;
          }
          --K;
        }
        QuoteAt = I;
        RunStart = K;
        if (K < I && isDigit(Src[K])) {
          ++I;
          continue;
        }
      }
      size_t J = I + 1;
      while (J < N && Src[J] != '\'' && Src[J] != '\n')
        J += (Src[J] == '\\' && J + 1 < N) ? 2 : 1;
      J = J < N ? J + 1 : N;
      Blank(I, J);
      I = J;
    } else {
      ++I;
    }
  }
  return Code;
}

} // namespace

std::string capped(std::string_view S) {
  if (S.size() <= MaxExcerptBytes)
    return std::string(S);
  size_t End = MaxExcerptBytes;
  while (End > 0 && (static_cast<unsigned char>(S[End]) & 0xC0) == 0x80)
    --End; // do not split a UTF-8 sequence
  return std::string(S.substr(0, End)) + "...";
}

Excerpt sourceExcerpt(std::string_view Src, size_t LineBegin, unsigned Col) {
  const size_t LineEnd = std::min(Src.find('\n', LineBegin), Src.size());
  const std::string_view Line = Src.substr(LineBegin, LineEnd - LineBegin);
  const size_t At = std::min<size_t>(Col ? Col - 1 : 0, Line.size()); // the caret's byte
  size_t From = 0, To = Line.size();
  if (Line.size() > MaxExcerptBytes) {
    From = At > MaxExcerptBytes / 2 ? At - MaxExcerptBytes / 2 : 0;
    To = std::min(Line.size(), From + MaxExcerptBytes);
    From = To - std::min(To, MaxExcerptBytes); // a full window near the line's end too
    auto Continuation = [&](size_t K) {
      return K < Line.size() && (static_cast<unsigned char>(Line[K]) & 0xC0) == 0x80;
    };
    while (From < At && Continuation(From))
      ++From;
    while (To > At + 1 && Continuation(To))
      --To;
  }
  Excerpt E;
  const std::string Before = From > 0 ? "..." : "";
  E.Text = Before + std::string(Line.substr(From, To - From)) + (To < Line.size() ? "..." : "");
  E.Caret = std::string(Before.size(), ' ');
  for (size_t K = From; K < At; ++K)
    E.Caret += Line[K] == '\t' ? '\t' : ' ';
  E.Caret += '^';
  return E;
}

std::vector<ExternShared> scanExternShared(const std::string &Src) {
  std::vector<ExternShared> Found;
  const std::string Code = blankedCode(Src);
  const size_t N = Code.size();
  std::vector<bool> Scopes; // per open brace: function scope?
  unsigned Line = 1;
  size_t LineStart = 0;
  auto SkipSpace = [&](size_t K) {
    while (K < N && (Code[K] == ' ' || Code[K] == '\t' || Code[K] == '\n' || Code[K] == '\r' ||
                     Code[K] == '\\'))
      ++K;
    return K;
  };
  auto Word = [&](size_t K, std::string_view W) {
    return Code.compare(K, W.size(), W) == 0 &&
           (K + W.size() >= N || !isIdentChar(Code[K + W.size()])) &&
           (K == 0 || !isIdentChar(Code[K - 1]));
  };
  for (size_t I = 0; I < N; ++I) {
    const char C = Code[I];
    if (C == '\n') {
      ++Line;
      LineStart = I + 1;
    } else if (C == '{') {
      size_t K = I;
      while (K > 0 && (Code[K - 1] == ' ' || Code[K - 1] == '\t' || Code[K - 1] == '\n' ||
                       Code[K - 1] == '\r'))
        --K;
      bool InFunction = !Scopes.empty() && Scopes.back();
      Scopes.push_back(InFunction || (K > 0 && Code[K - 1] == ')'));
    } else if (C == '}') {
      if (!Scopes.empty())
        Scopes.pop_back();
    } else if (C == 'e' && Word(I, "extern")) {
      size_t K = SkipSpace(I + 6);
      if (!Word(K, "__shared__"))
        continue;
      size_t Semi = Code.find(';', K);
      if (Semi == std::string::npos)
        continue;
      // The declarator: `<name> [ ]` right before the `;`.
      size_t E = Semi;
      while (E > K && std::isspace(static_cast<unsigned char>(Code[E - 1])))
        --E;
      if (E <= K || Code[E - 1] != ']')
        continue;
      size_t Open = Code.rfind('[', E - 1);
      if (Open == std::string::npos || Open < K ||
          Code.find_first_not_of(" \t\n\r", Open + 1) != E - 1)
        continue;
      size_t NameEnd = Open;
      while (NameEnd > K && std::isspace(static_cast<unsigned char>(Code[NameEnd - 1])))
        --NameEnd;
      size_t NameBegin = NameEnd;
      while (NameBegin > K && isIdentChar(Code[NameBegin - 1]))
        --NameBegin;
      ExternShared D;
      D.Begin = I;
      D.End = Semi + 1;
      D.Line = Line;
      D.Col = static_cast<unsigned>(I - LineStart + 1);
      D.Name = Code.substr(NameBegin, NameEnd - NameBegin);
      D.FunctionScope = !Scopes.empty() && Scopes.back();
      // The type: the text between __shared__ and the name, without alignment attributes.
      std::string Type;
      for (size_t T = K + 10; T < NameBegin;) {
        bool Attr = false;
        for (std::string_view A : {"__align__", "alignas", "__attribute__", "__declspec"})
          if (Word(T, A)) {
            size_t P = SkipSpace(T + A.size());
            if (P < NameBegin && Code[P] == '(') {
              int Depth = 0;
              for (; P < NameBegin; ++P) {
                Depth += Code[P] == '(' ? 1 : Code[P] == ')' ? -1 : 0;
                if (Depth == 0)
                  break;
              }
              T = P + 1;
              Attr = true;
            }
            break;
          }
        if (Attr)
          continue;
        const char Ch = Code[T++];
        if (Ch == '\n' || Ch == '\r' || Ch == '\t' || Ch == '\\')
          Type += ' ';
        else
          Type += Ch;
      }
      size_t A = Type.find_first_not_of(' '), B = Type.find_last_not_of(' ');
      D.Type = A == std::string::npos ? "" : Type.substr(A, B - A + 1);
      if (D.Name.empty() || D.Type.empty())
        continue;
      Found.push_back(D);
      for (size_t P = I; P < Semi; ++P)
        if (Code[P] == '\n') {
          ++Line;
          LineStart = P + 1;
        }
      I = Semi;
    }
  }
  return Found;
}

std::vector<StaticShared> scanStaticShared(const std::string &Src) {
  std::vector<StaticShared> Found;
  const std::string Code = blankedCode(Src);
  const size_t N = Code.size();
  std::vector<bool> Scopes; // per open brace: function scope?
  auto Word = [&](size_t K, std::string_view W) {
    return Code.compare(K, W.size(), W) == 0 &&
           (K + W.size() >= N || !isIdentChar(Code[K + W.size()])) &&
           (K == 0 || !isIdentChar(Code[K - 1]));
  };
  auto IsSpace = [](char C) { return C == ' ' || C == '\t' || C == '\n' || C == '\r'; };
  for (size_t I = 0; I < N; ++I) {
    const char C = Code[I];
    if (C == '{') {
      size_t K = I;
      while (K > 0 && IsSpace(Code[K - 1]))
        --K;
      const bool InFunction = !Scopes.empty() && Scopes.back();
      Scopes.push_back(InFunction || (K > 0 && Code[K - 1] == ')'));
      continue;
    }
    if (C == '}') {
      if (!Scopes.empty())
        Scopes.pop_back();
      continue;
    }
    if (C != '_' || !Word(I, "__shared__") || Scopes.empty() || !Scopes.back())
      continue;
    // Not `extern __shared__` (dynamic shared memory, scanExternShared). A `static` in
    // front (`static __shared__ float s[64];`) is part of the declaration replaced.
    size_t P = I;
    while (P > 0 && IsSpace(Code[P - 1]))
      --P;
    if (P >= 6 && Code.compare(P - 6, 6, "extern") == 0 && (P == 6 || !isIdentChar(Code[P - 7])))
      continue;
    size_t DeclBegin = I;
    if (P >= 6 && Code.compare(P - 6, 6, "static") == 0 && (P == 6 || !isIdentChar(Code[P - 7])))
      DeclBegin = P - 6;
    const size_t Semi = Code.find(';', I);
    if (Semi == std::string::npos)
      continue;
    // One declarator without initialiser: no `=`, `{`, `}`, `(` ... `)` outside attributes
    // is tolerated, but no `,` outside brackets, parentheses or angle brackets.
    const std::string_view Decl(Code.data() + I + 10, Semi - I - 10);
    if (Decl.find_first_of("={}") != std::string_view::npos)
      continue;
    int Depth = 0;
    bool Several = false;
    for (char D : Decl) {
      Depth += (D == '(' || D == '[' || D == '<') ? 1 : (D == ')' || D == ']' || D == '>') ? -1 : 0;
      Several |= D == ',' && Depth == 0;
    }
    if (Several)
      continue;
    // The extents: `[...]` groups right before the `;`.
    size_t E = Semi;
    while (E > I && IsSpace(Code[E - 1]))
      --E;
    size_t ExtentsBegin = E;
    while (ExtentsBegin > I && Code[ExtentsBegin - 1] == ']') {
      int D = 0;
      size_t K = ExtentsBegin;
      while (K > I) {
        --K;
        D += Code[K] == ']' ? 1 : Code[K] == '[' ? -1 : 0;
        if (D == 0)
          break;
      }
      if (D != 0 || Code[K] != '[')
        break;
      ExtentsBegin = K;
      while (ExtentsBegin > I && IsSpace(Code[ExtentsBegin - 1]) &&
             Code[ExtentsBegin - 2] == ']')
        --ExtentsBegin;
    }
    if (ExtentsBegin == E)
      continue; // not an array
    // An empty extent (`[]`) is not a complete type.
    if (Code.find("[]", ExtentsBegin) < E)
      continue;
    size_t NameEnd = ExtentsBegin;
    while (NameEnd > I && IsSpace(Code[NameEnd - 1]))
      --NameEnd;
    size_t NameBegin = NameEnd;
    while (NameBegin > I && isIdentChar(Code[NameBegin - 1]))
      --NameBegin;
    if (NameBegin == NameEnd || isDigit(Code[NameBegin]))
      continue;
    // The element type: the text between __shared__ and the name, attributes dropped.
    std::string Type;
    for (size_t T = I + 10; T < NameBegin;) {
      bool Attr = false;
      for (std::string_view A : {"__align__", "alignas", "__attribute__", "__declspec"})
        if (Word(T, A)) {
          size_t Q = T + A.size();
          while (Q < NameBegin && IsSpace(Code[Q]))
            ++Q;
          if (Q < NameBegin && Code[Q] == '(') {
            int D = 0;
            for (; Q < NameBegin; ++Q) {
              D += Code[Q] == '(' ? 1 : Code[Q] == ')' ? -1 : 0;
              if (D == 0)
                break;
            }
            T = Q + 1;
            Attr = true;
          }
          break;
        }
      if (Attr)
        continue;
      const char Ch = Code[T++];
      Type += (Ch == '\n' || Ch == '\r' || Ch == '\t' || Ch == '\\') ? ' ' : Ch;
    }
    const size_t A = Type.find_first_not_of(' '), B = Type.find_last_not_of(' ');
    if (A == std::string::npos)
      continue;
    // Storage-class words in front (static, volatile stays part of the type).
    std::string Elem = Type.substr(A, B - A + 1);
    if (Elem.rfind("static ", 0) == 0)
      Elem = Elem.substr(7);
    std::string Extents;
    for (size_t K = ExtentsBegin; K < E; ++K)
      Extents += IsSpace(Code[K]) || Code[K] == '\\' ? ' ' : Code[K];
    StaticShared D;
    D.Begin = DeclBegin;
    D.End = Semi + 1;
    D.Name = Code.substr(NameBegin, NameEnd - NameBegin);
    D.Type = Elem + Extents;
    Found.push_back(D);
    I = Semi;
  }
  return Found;
}

size_t findVolatileShared(const std::string &Src) {
  const std::string Code = blankedCode(Src);
  auto FindWord = [&](std::string_view W) {
    for (size_t P = Code.find(W); P != std::string::npos; P = Code.find(W, P + 1)) {
      const bool Before = P == 0 || !isIdentChar(Code[P - 1]);
      const bool After = P + W.size() >= Code.size() || !isIdentChar(Code[P + W.size()]);
      if (Before && After)
        return P;
    }
    return std::string::npos;
  };
  if (FindWord("__shared__") == std::string::npos)
    return std::string::npos;
  return FindWord("volatile");
}

} // namespace wavesan_cc
