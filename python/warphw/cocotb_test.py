# SPDX-License-Identifier: Apache-2.0
"""The generic cocotb test module: ``test_module="warphw.cocotb_test"``.

One test, configured by environment variables (warphw.cocotb_tb.run_generic,
set by warphw.cocotb_run.run): any structure's Verilog against its C model.
"""
import cocotb

from .cocotb_tb import run_generic


@cocotb.test()
async def c_model_reference(dut):
    """Every output of the RTL equals the C model's, every cycle."""
    await run_generic(dut)
