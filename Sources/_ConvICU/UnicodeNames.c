// Stand-ins for the standard library's Unicode scalar names, linked in their place by the
// Makefile's static conv (--defsym, see NAMES_FLAGS there): the name tables behind
// Unicode.Scalar.Properties.name and .nameAlias take 0.56 MB of the binary, and conv never asks
// for a scalar's name. With these, both properties would be nil.

#include <stdint.h>

intptr_t conv_no_scalar_name(uint32_t scalar, uint8_t *buffer, intptr_t capacity) {
  (void)scalar;
  (void)buffer;
  (void)capacity;
  return 0;  // the length of the name: none
}

const uint8_t *conv_no_name_alias(uint32_t scalar) {
  (void)scalar;
  return 0;  // no alias
}
