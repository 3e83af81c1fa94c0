# SPDX-License-Identifier: Apache-2.0
"""warphw.Model against the C co-simulation: every structure's Python model
gives, cycle for cycle, the outputs its co-simulation recorded (cosim_NAME
--record: the C++ harness' stimulus, the C model's outputs, checked there
against the RTL); and the errors a user can make raise ValueError with the
model's own message."""
from __future__ import annotations

import os
import subprocess

import pytest

import warphw
from conftest import BUILD

STRUCTS = warphw.structures()
CYCLES = int(os.environ.get("WARPHW_TEST_CYCLES", "3000"))


def record(structure: str, seed: int, cycles: int, out: str, extra: list[str] | None = None) -> str:
    cosim = os.path.join(BUILD, "cosim_" + structure)
    if not os.path.exists(cosim):
        pytest.fail("%s is not built (make all)" % cosim)
    subprocess.run([cosim, "--cycles", str(cycles), "--seed", str(seed), "--quiet",
                    "--record", out] + (extra or []), check=True, capture_output=True)
    return out


def test_structures_are_every_cosim():
    """Every structure with a co-simulation harness is in the package (and
    nothing else)."""
    tb = sorted(f[:-len("_cosim.cpp")] for f in os.listdir(os.path.join(os.environ["WARPHW_ROOT"], "tb"))
                if f.endswith("_cosim.cpp"))
    assert STRUCTS == tb


def warm_reset_in_harness(structure: str) -> bool:
    """The co-simulation resets this structure warm in the middle of traffic
    (its RTL keeps RAM contents over a reset; tb/cosim.h hook 4)."""
    with open(os.path.join(os.environ["WARPHW_ROOT"], "tb", structure + "_cosim.cpp"), encoding="utf-8") as f:
        return "warm_reset" in f.read()


def replay(structure: str, path: str) -> int:
    """Replays a recording through warphw.Model; every recorded output must
    equal the Python model's, every cycle, and the invariants hold.
    Returns the number of outputs compared."""
    vec = warphw.vectors.read(path)
    assert vec.structure == structure
    m = warphw.Model(structure, **vec.params)
    assert [n for n, _ in vec.outputs] == list(m.outputs)
    assert [n for n, _ in vec.inputs] == ["rst"] + list(m.inputs)
    assert [w for _, w in vec.outputs] == [p.width for p in m.outputs.values()]
    m.reset()
    outs = [n for n, _ in vec.outputs]
    compared = 0
    for i, cyc in enumerate(vec.cycles):
        if cyc["rst"]:
            m.reset()
            continue
        got = m.eval(**{k: v for k, v in cyc.items() if k != "rst" and k not in outs})
        for k in outs:
            if cyc[k] is None:
                continue
            assert got[k] == cyc[k], "cycle %d: %s: Python %r, recorded 0x%x" % (i, k, got[k], cyc[k])
            compared += 1
        m.step()
        m.check()
    assert len(vec.cycles) == CYCLES
    return compared


@pytest.mark.parametrize("structure", STRUCTS)
def test_model_equals_recorded_cosim(structure, tmp_path):
    """The C++ harness' stimulus of CYCLES cycles after the initial reset."""
    n = replay(structure, record(structure, 5, CYCLES, str(tmp_path / "r.vec"), ["--reset-every", "0"]))
    assert n > CYCLES * len(warphw.Model(structure).outputs) // 2


@pytest.mark.parametrize("structure", [s for s in STRUCTS if not warm_reset_in_harness(s)])
def test_model_equals_recorded_cosim_with_resets(structure, tmp_path):
    """The same with resets in the middle of traffic (every ~CYCLES/5 cycles);
    structures whose RTL keeps RAM over a reset are reset warm by their
    harness, which the Python model's reset() is not, and are left out."""
    path = record(structure, 6, CYCLES, str(tmp_path / "r.vec"), ["--reset-every", str(max(CYCLES // 5, 50))])
    assert sum(1 for c in warphw.vectors.read(path).cycles if c["rst"]) >= 1
    replay(structure, path)


@pytest.mark.parametrize("structure", STRUCTS)
def test_params_follow_the_table(structure):
    """Defaults, ranges and messages come from the C parameter table."""
    rows = warphw.param_table(structure)
    m = warphw.Model(structure)
    assert m.params == {r["name"]: r["default"] for r in rows}
    r = rows[0]
    with pytest.raises(ValueError) as e:
        warphw.Model(structure, **{r["name"]: r["max"] + 1})
    assert str(e.value).startswith("%s: parameter %s (cfg %s) = %d is out of range; allowed: " % (
        structure, r["name"], r["field"], r["max"] + 1))
    with pytest.raises(ValueError, match=r"^%s: unknown parameter 'NO_SUCH' \(parameters: " % structure):
        warphw.Model(structure, NO_SUCH=1)


@pytest.mark.parametrize("structure", STRUCTS)
def test_port_errors(structure):
    m = warphw.Model(structure)
    p = next(iter(m.inputs.values()))
    with pytest.raises(ValueError, match=r"^%s: 'no_such_port' is not a port \(inputs: " % structure):
        m.eval(no_such_port=1)
    o = next(iter(m.outputs))
    with pytest.raises(ValueError, match=r"^%s: '%s' is an output" % (structure, o)):
        m.eval(**{o: 0})
    with pytest.raises(ValueError, match=r"^%s: input %s = %d does not fit its %d bits" % (
            structure, p.name, 1 << p.width, p.width)):
        m.eval(**{p.name: 1 << p.width})
    with pytest.raises(ValueError, match="does not fit"):
        m.eval(**{p.name: -1})


def test_unknown_structure():
    with pytest.raises(ValueError, match=r"^unknown structure 'nope' \(structures: dpe_stack "):
        warphw.Model("nope")


def test_dpe_stack_worked_example():
    """003 Fig. 4 through the Python API (the header's worked example):
    enumerated outputs by name, the state by the trace's names."""
    m = warphw.Model("dpe_stack", WARPS=8, LANES=4)
    m.reset()
    A, B, C, D, E, F, G, X = 0x10, 0x20, 0x30, 0x40, 0x50, 0x60, 0x70, 0x80
    assert m.cycle(op=1, op_warp=2, op_mask=0b1111, op_pc=A, op_rpc=X).act == "LAUNCH"
    # A (L): threads 0,1 -> B, 2,3 -> C, rpc G
    out = m.cycle(op=2, op_warp=2, op_side=0, op_mask=0b0011, op_pc=B, op_npc=C, op_rpc=G)
    assert out.act == "DIVERGE" and out.act == 5 and out.err_code == "NONE"
    out = m.cycle(op=2, op_warp=2, op_side=1, op_mask=0b0100, op_pc=D, op_npc=E, op_rpc=F)
    assert out.act == "DIVERGE"
    assert m.state["w02_depth"] == 3
    assert m.cycle(op=2, op_warp=2, op_side=0, op_mask=0, op_npc=F).act == "RECONV"
    assert m.cycle(op=2, op_warp=2, op_side=1, op_mask=0, op_npc=F).act == "POP"
    s = m.state
    assert (s["w02_depth"], s["w02_tos_l_pc"], s["w02_tos_r_pc"], s["w02_tos_rpc"]) == (2, B, F, G)
    assert m.cycle(op=2, op_warp=2, op_side=0, op_mask=0, op_npc=G).act == "RECONV"
    assert m.cycle(op=2, op_warp=2, op_side=1, op_mask=0, op_npc=G).act == "POP"
    assert m.state["w02_tos_l_mask"] == 0b1111
    assert m.cycle(op=2, op_warp=2, op_side=0, op_mask=0, op_npc=X).act == "POP"
    assert m.state["w02_depth"] == 0
    # illegal input: err, the model's name, the state unchanged
    before = m.state_bytes
    out = m.cycle(op=2, op_warp=2)
    assert out.err == 1 and out.err_code == "WARP_IDLE" and m.state_bytes == before
    m.check()


def test_named_inputs_and_step_contract():
    m = warphw.Model("lane_regfile")
    assert m.eval(mode="CROSSBAR").err == 0
    assert m.last_inputs()["mode"] == 2
    with pytest.raises(ValueError, match=r"^lane_regfile: input mode has no value named 'crossbar' \(names: "):
        m.eval(mode="crossbar")
    with pytest.raises(ValueError, match=r"^dpe_stack: input op has no value named 'LAUNCH' \(it takes numbers only\)"):
        warphw.Model("dpe_stack").eval(op="LAUNCH")
    m = warphw.Model("simt_stack")
    m.reset()
    with pytest.raises(RuntimeError, match="step\\(\\) needs an eval\\(\\)"):
        m.step()


def test_check_raises_the_models_message():
    m = warphw.Model("dpe_stack", WARPS=2)
    m.reset()
    m.cycle(op=1, op_warp=0, op_mask=0xF, op_pc=4, op_rpc=8)
    # corrupt the state: the depth counter of warp 0 beyond DEPTH
    raw = bytearray(m.state_bytes)
    sp_at = len(raw) - 64  # dpe_stack_state ends with sp[64]
    raw[sp_at] = 200
    m.state_bytes = bytes(raw)
    with pytest.raises(warphw.InvariantError, match=r"^warp 0: depth 200 exceeds DEPTH 8$"):
        m.check()
