# The Python package vfetch (ctypes over libvfetch.so) and its pytest suite.
# From the build tree: PYTHONPATH=$(srcdir)/python
# VFETCH_LIBRARY=$(builddir)/.libs/libvfetch.so.

VF_PYTHON_FILES = python/vfetch/__init__.py python/vfetch/_case_json.py python/vfetch/_coerce.py \
	python/vfetch/_lib.py \
	python/vfetch/assemble.py python/vfetch/case.py python/vfetch/case_d3d11.py \
	python/vfetch/case_d3d12.py python/vfetch/compare.py python/vfetch/d3d11.py \
	python/vfetch/draw.py python/vfetch/errors.py python/vfetch/formats.py python/vfetch/raw.py \
	python/vfetch/statistics.py python/vfetch/robust.py python/vfetch/_indirect.py \
	python/vfetch/_indirect_d3d11.py python/vfetch/case_vulkan.py python/vfetch/vulkan.py \
	python/vfetch/_problems.py python/vfetch/vulkan_prim.py python/vfetch/vulkan_reuse.py

if HAVE_PYTHON
vfetchpydir = $(pythondir)/vfetch
vfetchpy_PYTHON = $(VF_PYTHON_FILES)
# The installed package loads the library from where make install puts it.
nodist_vfetchpy_PYTHON = python/vfetch/_installed.py
CLEANFILES += python/vfetch/_installed.py
python/vfetch/_installed.py: Makefile
	$(AM_V_GEN)$(MKDIR_P) python/vfetch && \
	printf '%s\n' '"""Where make install put libvfetch (python/local.mk writes this)."""' \
	    'LIBDIR = "$(libdir)"' > $@
else
EXTRA_DIST += $(VF_PYTHON_FILES)
endif
# pip install ./python: the in-tree build backend; configure: site_dir.py.
EXTRA_DIST += python/pyproject.toml python/vfetch_build.py python/site_dir.py

# Listed, not the folder: an in-tree build leaves abi_layout's objects there.
EXTRA_DIST += tests/python/conftest.py tests/python/run-pytest.sh tests/python/test_abi.py \
	tests/python/test_assemble.py tests/python/test_compare.py tests/python/test_d3d11.py \
	tests/python/test_formats.py tests/python/test_inputs.py tests/python/test_loader.py \
	tests/python/test_no_numpy.py \
	tests/python/test_primitive_pieces.py \
	tests/python/test_run.py \
	tests/python/test_typed.py tests/python/test_statistics.py tests/python/test_robust.py \
	tests/python/test_indirect.py tests/python/test_vulkan.py \
	tests/python/test_abi_vulkan.py tests/python/test_case_problems.py \
	tests/python/test_vulkan_prim.py tests/python/test_vulkan_case.py

# The C side of test_abi.py: sizes, offsets and constant values of what
# python/vfetch/_lib.py mirrors. Headers only, so it links nothing.
check_PROGRAMS += tests/python/abi_layout tests/python/abi_layout_vulkan
tests_python_abi_layout_SOURCES = tests/python/abi_layout.c
tests_python_abi_layout_vulkan_SOURCES = tests/python/abi_layout_vulkan.c

# Skipped (77) when configure found no pytest.
TESTS += tests/python/run-pytest.sh
AM_TESTS_ENVIRONMENT += PYTEST='$(PYTEST)'; export PYTEST;

# A pip install of python/ into a fresh venv, no package index; skipped (77)
# without venv and pip.
TESTS += tests/python/run-pip-install.sh
EXTRA_DIST += tests/python/run-pip-install.sh
if HAVE_PYTHON
AM_TESTS_ENVIRONMENT += PYTHON='$(PYTHON)'; export PYTHON;
endif
