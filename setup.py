# SPDX-License-Identifier: Apache-2.0
"""setup.py -- the parts of the build pyproject.toml cannot say:

  * the compiled module warphw._native, from python/warphw/_build.py (cffi:
    every C source of the models, vcd/, tb/vec.c and area/);
  * the SM model's program (the C sources of tb/simt/ linked with the same
    library sources), installed as warphw/_bin/simt for warphw.simt.
"""
import glob
import os

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))


class BuildExtAndSimt(build_ext):
    """build_ext, then the simt program with the same compiler."""

    def run(self):
        super().run()
        import sys
        sys.path.insert(0, os.path.join(HERE, "python", "warphw"))
        from _build import sources  # the library's sources, as the module has them

        srcs = [s for s in sources(HERE) if not s.startswith("python/")]
        srcs += sorted(os.path.relpath(p, HERE) for p in glob.glob(os.path.join(HERE, "tb", "simt", "*.c")))
        tmp = os.path.join(self.build_temp, "simt")
        objs = self.compiler.compile(srcs, output_dir=tmp, include_dirs=[HERE],
                                     extra_postargs=["-std=c11", "-O2"])
        out_dir = os.path.join(self.build_lib, "warphw", "_bin")
        os.makedirs(out_dir, exist_ok=True)
        self.compiler.link_executable(objs, "simt", output_dir=out_dir, libraries=["m"])


setup(cffi_modules=["python/warphw/_build.py:ffibuilder"], cmdclass={"build_ext": BuildExtAndSimt})
