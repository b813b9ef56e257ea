// The few ICU services conv needs, behind plain C types.
//
// ICU's own headers rename every function with a version suffix through macros that Swift cannot
// see, so Swift must never include them. This header exposes only stdint types and char pointers;
// ConvICU.c is the one file that includes <unicode/...>. Not API: use ConvFormat instead.

#ifndef CONV_ICU_H
#define CONV_ICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Where the parts of a formatted number lie in the output, as UTF-8 byte offsets (-1: absent).
typedef struct ConvICUNumberLayout {
  /// Just after the last integer digit (grouping separators included), or -1.
  int32_t integerEnd;
  /// The first byte of the exponent symbol (`E`), or -1 when there is no exponent.
  int32_t exponentStart;
  /// Just after the last exponent digit, or -1 when there is no exponent.
  int32_t exponentEnd;
} ConvICUNumberLayout;

/// Formats a decimal number string with an ICU number skeleton and locale.
///
/// `number` is a numeric string as in the Decimal Arithmetic Specification (`-15E19`, `0.25`), so no
/// digit passes through a double. The formatter for each (locale, skeleton) pair is created once,
/// cached for the life of the process and shared between threads.
///
/// Writes the UTF-8 result and a terminating NUL into `buffer` when it fits, and fills `layout`.
/// Returns the length of the result in bytes (without the NUL): when it is not below `capacity`,
/// nothing usable was written and the call should be repeated with a larger buffer. Returns -1
/// when ICU rejects the skeleton (for instance an unknown measure unit) and -2 when formatting
/// fails otherwise.
int32_t conv_icu_format_decimal(const char *locale, const char *skeleton, const char *number,
                                char *buffer, int32_t capacity, ConvICUNumberLayout *layout);

/// Folds UTF-8 text for searching: full case folding, canonical decomposition, removal of
/// nonspacing marks, then canonical composition.
///
/// Same buffer protocol as conv_icu_format_decimal. Returns -2 on failure (invalid UTF-8).
int32_t conv_icu_fold(const char *text, int32_t length, char *buffer, int32_t capacity);

/// Writes the ISO 4217 code of the currency a locale uses (`EUR` for `de_DE`) and a NUL into
/// `buffer` (at least 4 bytes). Returns 3, or -1 when ICU knows none (a locale without a region).
int32_t conv_icu_currency_for_locale(const char *locale, char *buffer, int32_t capacity);

/// Returns 1 when the code point is East Asian Wide or Fullwidth (two terminal columns), else 0.
int32_t conv_icu_is_wide(uint32_t codePoint);

#ifdef __cplusplus
}
#endif

#endif  // CONV_ICU_H
