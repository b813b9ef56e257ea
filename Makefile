# Build and install conv.
#   make                     release build (static Swift runtime: the fast one)
#   make install PREFIX=DIR  install binary, man page and shell completions under DIR (default /usr/local)
#   make uninstall PREFIX=DIR
#   make test                run the test suite (same as CI)
# DESTDIR=DIR stages an install for packaging; SCRATCH=DIR builds in DIR instead of .build.
PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
SCRATCH ?= .build
BUILD_FLAGS = -c release --static-swift-stdlib --product conv --scratch-path $(SCRATCH)
BIN = $(shell $(SWIFT) build $(BUILD_FLAGS) --show-bin-path 2>/dev/null)/conv
COMPLETIONS = $(SCRATCH)/completions

BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

.PHONY: all build install uninstall test completions clean

all: build

build:
	$(SWIFT) build $(BUILD_FLAGS)

completions: build
	mkdir -p $(COMPLETIONS)
	$(BIN) --generate-completion-script bash > $(COMPLETIONS)/conv.bash
	$(BIN) --generate-completion-script zsh > $(COMPLETIONS)/_conv
	$(BIN) --generate-completion-script fish > $(COMPLETIONS)/conv.fish

install: build completions
	install -d $(BINDIR) $(MANDIR) $(BASHDIR) $(ZSHDIR) $(FISHDIR)
	install -m 755 $(BIN) $(BINDIR)/conv
	install -m 644 Man/conv.1 $(MANDIR)/conv.1
	install -m 644 $(COMPLETIONS)/conv.bash $(BASHDIR)/conv
	install -m 644 $(COMPLETIONS)/_conv $(ZSHDIR)/_conv
	install -m 644 $(COMPLETIONS)/conv.fish $(FISHDIR)/conv.fish

uninstall:
	rm -f $(BINDIR)/conv $(MANDIR)/conv.1 $(BASHDIR)/conv $(ZSHDIR)/_conv $(FISHDIR)/conv.fish

test:
	$(SWIFT) test

clean:
	rm -rf $(SCRATCH)
