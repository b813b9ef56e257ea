// The only file that includes ICU headers: see include/ConvICU.h for the contract.

#include "ConvICU.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/uchar.h>
#include <unicode/ucurr.h>
#include <unicode/unorm2.h>
#include <unicode/unum.h>
#include <unicode/unumberformatter.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>

// MARK: - Formatter cache

// One cached formatter per (locale, skeleton) pair. Entries are never removed: a process uses a
// handful of styles and, at most, one skeleton per unit it names.
typedef struct CacheEntry {
  struct CacheEntry *next;
  char *locale;
  char *skeleton;
  UNumberFormatter *formatter;  // NULL when ICU rejected the pair: remembered too.
} CacheEntry;

enum { kBucketCount = 256 };
static CacheEntry *cacheBuckets[kBucketCount];
static pthread_mutex_t cacheLock = PTHREAD_MUTEX_INITIALIZER;

static uint32_t hashPair(const char *locale, const char *skeleton) {
  uint32_t hash = 2166136261u;  // FNV-1a
  for (const unsigned char *p = (const unsigned char *)locale; *p; p++) hash = (hash ^ *p) * 16777619u;
  hash = (hash ^ 0xffu) * 16777619u;
  for (const unsigned char *p = (const unsigned char *)skeleton; *p; p++) hash = (hash ^ *p) * 16777619u;
  return hash;
}

// strdup is POSIX, not C11: a copy that needs no feature macros.
static char *copyString(const char *text) {
  size_t size = strlen(text) + 1;
  char *copy = malloc(size);
  if (copy != NULL) memcpy(copy, text, size);
  return copy;
}

static UNumberFormatter *openFormatter(const char *locale, const char *skeleton) {
  UErrorCode status = U_ZERO_ERROR;
  int32_t length16 = 0;
  u_strFromUTF8(NULL, 0, &length16, skeleton, -1, &status);
  if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status)) return NULL;
  UChar *skeleton16 = malloc(sizeof(UChar) * (size_t)(length16 + 1));
  if (skeleton16 == NULL) return NULL;
  status = U_ZERO_ERROR;
  u_strFromUTF8(skeleton16, length16 + 1, NULL, skeleton, -1, &status);
  UNumberFormatter *formatter = NULL;
  if (U_SUCCESS(status)) {
    formatter = unumf_openForSkeletonAndLocale(skeleton16, length16, locale, &status);
    if (U_FAILURE(status)) {
      if (formatter != NULL) unumf_close(formatter);
      formatter = NULL;
    }
  }
  free(skeleton16);
  return formatter;
}

static const UNumberFormatter *cachedFormatter(const char *locale, const char *skeleton) {
  CacheEntry **bucket = &cacheBuckets[hashPair(locale, skeleton) % kBucketCount];
  pthread_mutex_lock(&cacheLock);
  for (CacheEntry *entry = *bucket; entry != NULL; entry = entry->next) {
    if (strcmp(entry->locale, locale) == 0 && strcmp(entry->skeleton, skeleton) == 0) {
      UNumberFormatter *formatter = entry->formatter;
      pthread_mutex_unlock(&cacheLock);
      return formatter;
    }
  }
  // Created under the lock, so that each pair is opened exactly once.
  UNumberFormatter *formatter = openFormatter(locale, skeleton);
  CacheEntry *entry = malloc(sizeof(CacheEntry));
  char *localeCopy = copyString(locale);
  char *skeletonCopy = copyString(skeleton);
  if (entry != NULL && localeCopy != NULL && skeletonCopy != NULL) {
    entry->locale = localeCopy;
    entry->skeleton = skeletonCopy;
    entry->formatter = formatter;
    entry->next = *bucket;
    *bucket = entry;
  } else {
    // Out of memory: answer this call without caching.
    free(entry);
    free(localeCopy);
    free(skeletonCopy);
    pthread_mutex_unlock(&cacheLock);
    if (formatter != NULL) unumf_close(formatter);
    return NULL;
  }
  pthread_mutex_unlock(&cacheLock);
  return formatter;
}

// MARK: - UTF-16 to UTF-8

// The number of UTF-8 bytes that encode text[0..<index16].
static int32_t utf8Offset(const UChar *text, int32_t index16) {
  int32_t offset = 0;
  for (int32_t i = 0; i < index16; i++) {
    UChar unit = text[i];
    if (unit < 0x80) {
      offset += 1;
    } else if (unit < 0x800) {
      offset += 2;
    } else if (U16_IS_LEAD(unit) && i + 1 < index16 && U16_IS_TRAIL(text[i + 1])) {
      offset += 4;
      i++;
    } else {
      offset += 3;
    }
  }
  return offset;
}

// Writes text as UTF-8 following the buffer protocol of the header.
static int32_t writeUTF8(const UChar *text, int32_t length16, char *buffer, int32_t capacity) {
  UErrorCode status = U_ZERO_ERROR;
  int32_t length8 = 0;
  u_strToUTF8(buffer, capacity, &length8, text, length16, &status);
  if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) return length8;
  if (U_FAILURE(status)) return -2;
  return length8;
}

// MARK: - Numbers

int32_t conv_icu_format_decimal(const char *locale, const char *skeleton, const char *number,
                                char *buffer, int32_t capacity, ConvICUNumberLayout *layout) {
  layout->integerEnd = -1;
  layout->exponentStart = -1;
  layout->exponentEnd = -1;
  const UNumberFormatter *formatter = cachedFormatter(locale, skeleton);
  if (formatter == NULL) return -1;

  UErrorCode status = U_ZERO_ERROR;
  UFormattedNumber *result = unumf_openResult(&status);
  if (U_FAILURE(status)) return -2;
  unumf_formatDecimal(formatter, number, -1, result, &status);
  int32_t length16 = 0;
  const UChar *text = NULL;
  if (U_SUCCESS(status)) text = ufmtval_getString(unumf_resultAsValue(result, &status), &length16, &status);
  if (U_FAILURE(status) || text == NULL) {
    unumf_closeResult(result);
    return -2;
  }

  UFieldPosition position = {UNUM_INTEGER_FIELD, 0, 0};
  if (unumf_resultNextFieldPosition(result, &position, &status)) {
    layout->integerEnd = utf8Offset(text, position.endIndex);
  }
  UFieldPosition symbol = {UNUM_EXPONENT_SYMBOL_FIELD, 0, 0};
  UFieldPosition digits = {UNUM_EXPONENT_FIELD, 0, 0};
  if (unumf_resultNextFieldPosition(result, &symbol, &status) &&
      unumf_resultNextFieldPosition(result, &digits, &status) && symbol.beginIndex < digits.endIndex) {
    layout->exponentStart = utf8Offset(text, symbol.beginIndex);
    layout->exponentEnd = utf8Offset(text, digits.endIndex);
  }

  int32_t written = U_SUCCESS(status) ? writeUTF8(text, length16, buffer, capacity) : -2;
  unumf_closeResult(result);
  return written;
}

// MARK: - Folding

// A growable UTF-16 buffer for one folding step.
typedef struct Text16 {
  UChar *chars;
  int32_t length;
} Text16;

typedef enum FoldStep { kFoldCase, kDecompose, kCompose } FoldStep;

static int32_t runStep(FoldStep step, const Text16 *source, UChar *destination, int32_t capacity,
                       UErrorCode *status) {
  switch (step) {
    case kFoldCase:
      return u_strFoldCase(destination, capacity, source->chars, source->length, U_FOLD_CASE_DEFAULT, status);
    case kDecompose:
      return unorm2_normalize(unorm2_getNFDInstance(status), source->chars, source->length, destination,
                              capacity, status);
    case kCompose:
      return unorm2_normalize(unorm2_getNFCInstance(status), source->chars, source->length, destination,
                              capacity, status);
  }
  return 0;
}

// Replaces *text (which it frees) with the step's result. Returns 0 on failure.
static int applyStep(FoldStep step, Text16 *text) {
  int32_t capacity = text->length * 2 + 8;
  for (int attempt = 0; attempt < 2; attempt++) {
    UChar *output = malloc(sizeof(UChar) * (size_t)capacity);
    if (output == NULL) return 0;
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = runStep(step, text, output, capacity, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) {
      free(output);
      capacity = length + 1;
      continue;
    }
    if (U_FAILURE(status)) {
      free(output);
      return 0;
    }
    free(text->chars);
    text->chars = output;
    text->length = length;
    return 1;
  }
  return 0;
}

static void removeNonspacingMarks(Text16 *text) {
  int32_t read = 0;
  int32_t write = 0;
  while (read < text->length) {
    int32_t start = read;
    UChar32 c;
    U16_NEXT(text->chars, read, text->length, c);
    if (u_charType(c) == U_NON_SPACING_MARK) continue;
    while (start < read) text->chars[write++] = text->chars[start++];
  }
  text->length = write;
}

int32_t conv_icu_fold(const char *utf8, int32_t length, char *buffer, int32_t capacity) {
  UErrorCode status = U_ZERO_ERROR;
  Text16 text = {malloc(sizeof(UChar) * (size_t)(length + 1)), 0};
  if (text.chars == NULL) return -2;
  u_strFromUTF8(text.chars, length + 1, &text.length, utf8, length, &status);
  if (U_FAILURE(status)) {
    free(text.chars);
    return -2;
  }
  // Case first: folding can itself produce marks (İ becomes i + U+0307).
  if (!applyStep(kFoldCase, &text) || !applyStep(kDecompose, &text)) {
    free(text.chars);
    return -2;
  }
  removeNonspacingMarks(&text);
  if (!applyStep(kCompose, &text)) {
    free(text.chars);
    return -2;
  }
  int32_t written = writeUTF8(text.chars, text.length, buffer, capacity);
  free(text.chars);
  return written;
}

// MARK: - Width

int32_t conv_icu_is_wide(uint32_t codePoint) {
  int32_t width = u_getIntPropertyValue((UChar32)codePoint, UCHAR_EAST_ASIAN_WIDTH);
  return width == U_EA_WIDE || width == U_EA_FULLWIDTH;
}

int32_t conv_icu_currency_for_locale(const char *locale, char *buffer, int32_t capacity) {
  if (capacity < 4) return -1;
  UErrorCode status = U_ZERO_ERROR;
  UChar code[4] = {0};
  int32_t length = ucurr_forLocale(locale, code, 4, &status);
  if (U_FAILURE(status) || status == U_USING_DEFAULT_WARNING || length != 3) return -1;
  for (int32_t index = 0; index < 3; index++) {
    if (code[index] < 'A' || code[index] > 'Z') return -1;
    buffer[index] = (char)code[index];
  }
  buffer[3] = 0;
  return 3;
}
