# Build and install conv.
#   make                     release build: conv, fully static (the fast one), and its rates download
#                            helper (C over the system's libcurl)
#   make LINK=stdlib         release build with only the Swift runtime static (glibc, ICU and
#                            readline shared): for systems without the static libraries
#   make ICUDATA=full        fully static, with ICU's whole data (31 MB) instead of conv's part (4.95 MB)
#   make install PREFIX=DIR  install binary, helper, man page and shell completions under DIR
#                            (default /usr/local)
#   make uninstall PREFIX=DIR
#   make test                the unit tests, then the end-to-end tests against a debug build (quick,
#                            for development)
#   make check               what CI runs: the format check (scripts/format.sh --lint), the unit
#                            tests, then `make install` into a scratch prefix and the end-to-end
#                            tests against that installed tree
#   make format              rewrites the Swift sources in the project's format (swift-format)
#   make build-conv          the static conv alone
# DESTDIR=DIR stages an install for packaging; SCRATCH=DIR builds in DIR instead of .build.
PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
SCRATCH ?= .build
LINK ?= static
# -static-executable links glibc, libstdc++, ICU and readline statically (their .a files come with
# libc6-dev, libstdc++-12-dev, libicu-dev and libreadline-dev); the libraries named after it resolve
# what ICU's and readline's archives need. A static executable starts in half the time: no dynamic
# loader, no relocations, no shared ICU to map.
STATIC_FLAGS_static = -Xswiftc -static-executable -Xlinker -ltinfo -Xlinker -lstdc++ -Xlinker -lm \
  $(ICUDATA_FLAGS_$(ICUDATA))
STATIC_FLAGS_stdlib =
ifeq ($(filter $(LINK),static stdlib),)
$(error LINK must be static or stdlib, not '$(LINK)')
endif
# ICU's data: the static link takes a copy reduced to what conv uses (number symbols and patterns,
# numbering systems, plural rules, unit and currency names, for every locale: 4.95 MB of ICU's 31 MB),
# made from the system's libicudata.a by scripts/reduce-icu-data.sh with icupkg, derb, genrb and
# genccode (Debian: icu-devtools): whole items removed, then the locale bundles rebuilt with only the
# tables ICU's number formatter reads. Its directory comes first on the library path (swiftc's -L,
# which precedes the system's), so -licudata takes it. ICUDATA=full links the system's whole data;
# LINK=stdlib uses the shared ICU and its whole data anyway.
ICUDATA ?= reduced
ifeq ($(filter $(ICUDATA),reduced full),)
$(error ICUDATA must be reduced or full, not '$(ICUDATA)')
endif
ICUDATA_DIR = $(abspath $(SCRATCH))/icudata
ICUDATA_FLAGS_reduced = -Xswiftc -L -Xswiftc $(ICUDATA_DIR)
ICUDATA_FLAGS_full =
ICUDATA_SOURCE := $(shell pkg-config --variable=libdir icu-uc 2>/dev/null)/libicudata.a
ICUDATA_LIB = $(if $(filter static,$(LINK)),$(if $(filter reduced,$(ICUDATA)),$(ICUDATA_DIR)/libicudata.a))
# The code and data a one-shot conversion uses are laid out together (scripts/startup-order.txt,
# made by scripts/generate-startup-order.sh): the kernel maps a program's file 64 KB around each
# page it touches, so scattered functions and data cost memory. Needs lld (part of the Swift
# toolchain) and one section per function; without ld.lld next to swift or on PATH the default
# linker is used, unordered.
# scripts/startup-layout.ld gathers the small functions that have no symbol to order them by.
# LINK_MAP=FILE also writes lld's map of the link (generate-startup-order.sh reads it).
# It earns its place: a one-shot's peak RSS is 4.4 MB ordered, 7.6 MB unordered (103 page faults
# against 187); `make check` fails when the list goes stale (scripts/check-installed-tree.sh: more
# than 2% of its names gone from the link) or is bypassed (the one-shot's peak RSS over 6 MB).
ORDER_FILE = $(wildcard $(CURDIR)/scripts/startup-order.txt)
LAYOUT_FILE = $(wildcard $(CURDIR)/scripts/startup-layout.ld)
LINK_MAP ?=
LINK_STAMP = $(if $(LLD),$(SCRATCH)/startup-layout.stamp)
LLD := $(shell PATH="$$(dirname "$$(command -v $(SWIFT))"):$$PATH" command -v ld.lld)
ORDER_FLAGS = $(if $(LLD),-Xswiftc -use-ld=lld -Xswiftc -Xfrontend -Xswiftc -function-sections \
  $(if $(ORDER_FILE),-Xlinker --symbol-ordering-file=$(ORDER_FILE) -Xlinker --no-warn-symbol-ordering) \
  $(if $(LAYOUT_FILE),-Xlinker -T -Xlinker $(LAYOUT_FILE)) \
  $(if $(LINK_MAP),-Xlinker -Map=$(abspath $(LINK_MAP)) -Xlinker --no-demangle))
BUILD_FLAGS = -c release --static-swift-stdlib $(STATIC_FLAGS_$(LINK)) $(ORDER_FLAGS) --product conv --scratch-path $(SCRATCH)
BIN = $(shell $(SWIFT) build $(BUILD_FLAGS) --show-bin-path 2>/dev/null)/conv
# `conv rates update` runs this helper: a C program over the system's libcurl (libcurl4-openssl-dev
# to build, libcurl4 to run), linked dynamically so that it uses the system's TLS and certificates.
# conv stays fully static and reads what the helper downloads itself.
CC ?= cc
CURL_FLAGS := $(shell pkg-config --cflags --libs libcurl 2>/dev/null || echo -lcurl)
FETCH_SOURCE = Sources/conv-rates-fetch/conv-rates-fetch.c
FETCH_BIN = $(SCRATCH)/helper/conv-rates-fetch
COMPLETIONS = $(SCRATCH)/completions

BINDIR = $(DESTDIR)$(PREFIX)/bin
LIBEXECDIR = $(DESTDIR)$(PREFIX)/libexec/conv
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

.PHONY: all build build-conv install uninstall test check completions clean format

all: build

build: build-conv $(FETCH_BIN)

$(FETCH_BIN): $(FETCH_SOURCE)
	mkdir -p $(dir $@)
	$(CC) -std=c11 -O2 -Wall -Wextra -Werror -D_GNU_SOURCE -o $@ $(FETCH_SOURCE) $(CURL_FLAGS)

# conv alone, without the rates download helper.
build-conv: $(ICUDATA_LIB) $(LINK_STAMP)
	$(SWIFT) build $(BUILD_FLAGS)

# SwiftPM does not track libraries found on the library path: a new archive removes the binary so
# that the build links again.
$(ICUDATA_DIR)/libicudata.a: scripts/reduce-icu-data.sh $(wildcard $(ICUDATA_SOURCE))
	scripts/reduce-icu-data.sh $(ICUDATA_DIR) $(wildcard $(ICUDATA_SOURCE))
	rm -f "$(BIN)"

# Nor the order and layout files of the link: a new one removes the binary too.
$(LINK_STAMP): $(ORDER_FILE) $(LAYOUT_FILE)
	mkdir -p $(dir $@)
	rm -f "$(BIN)"
	touch $@

completions: build
	mkdir -p $(COMPLETIONS)
	$(BIN) --generate-completion-script bash > $(COMPLETIONS)/conv.bash
	$(BIN) --generate-completion-script zsh > $(COMPLETIONS)/_conv
	$(BIN) --generate-completion-script fish > $(COMPLETIONS)/conv.fish

install: build completions
	install -d $(BINDIR) $(LIBEXECDIR) $(MANDIR) $(BASHDIR) $(ZSHDIR) $(FISHDIR)
	install -m 755 -s $(BIN) $(BINDIR)/conv
	install -m 755 -s $(FETCH_BIN) $(LIBEXECDIR)/conv-rates-fetch
	install -m 644 Man/conv.1 $(MANDIR)/conv.1
	install -m 644 $(COMPLETIONS)/conv.bash $(BASHDIR)/conv
	install -m 644 $(COMPLETIONS)/_conv $(ZSHDIR)/_conv
	install -m 644 $(COMPLETIONS)/conv.fish $(FISHDIR)/conv.fish

uninstall:
	rm -f $(BINDIR)/conv $(LIBEXECDIR)/conv-rates-fetch $(MANDIR)/conv.1 $(BASHDIR)/conv $(ZSHDIR)/_conv $(FISHDIR)/conv.fish

# The end-to-end suite (Tests/EndToEndTests) runs conv as a program: `make test` a debug build with
# the helper built here, `make check` the tree `make install` puts in a scratch prefix (its conv
# finds the installed helper in PREFIX/libexec/conv by itself). CI=true makes the suite refuse to
# run against anything but an installed tree.
CHECK_PREFIX = $(abspath $(SCRATCH))/check-prefix

test: $(FETCH_BIN)
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip EndToEndTests
	CONV_RATES_FETCH=$(abspath $(FETCH_BIN)) $(SWIFT) test --skip-build --filter EndToEndTests

check:
	scripts/format.sh --lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip EndToEndTests
	rm -rf $(CHECK_PREFIX)
	$(MAKE) install PREFIX=$(CHECK_PREFIX) DESTDIR=
	scripts/check-installed-tree.sh $(CHECK_PREFIX) $(BIN) $(ORDER_FILE)
	env -u CONV_RATES_FETCH CONV_TEST_PREFIX=$(CHECK_PREFIX) $(SWIFT) test --skip-build --filter EndToEndTests

# Rewrites the hand-written Swift in the project's format (swift-format; `make check` fails on
# any file that differs from it).
format:
	scripts/format.sh

clean:
	rm -rf $(SCRATCH)
