#!/usr/bin/env python3
"""check-picture.py VFETCH CASE [RUN-OPTIONS...]: draws CASE with
`vfetch run --picture` and reads the SVG back with xml.etree, checking it
against `vfetch run --primitives --output json` of the same case: per
instance the primitives (count, SV_PrimitiveID, vertices), the leading
vertex of each (rules 13.4: the first vertex, the second for lines with
adjacency; a Vulkan draw's provoking vertex where --primitives gives one,
LAST_VERTEX), the adjacent vertices, the strip cuts, and which positions
read out of bounds. Exit 0 when all agree, 1 with a message otherwise."""
import json
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
# Where the adjacent vertices of a primitive are (rules 13.4).
ADJACENT = {"LINELIST_ADJ": [0, 3], "LINESTRIP_ADJ": [0, 3],
            "TRIANGLELIST_ADJ": [1, 3, 5], "TRIANGLESTRIP_ADJ": [1, 3, 5],
            "LINE_LIST_WITH_ADJACENCY": [0, 3], "LINE_STRIP_WITH_ADJACENCY": [0, 3],
            "TRIANGLE_LIST_WITH_ADJACENCY": [1, 3, 5],
            "TRIANGLE_STRIP_WITH_ADJACENCY": [1, 3, 5]}


def classes(e):
    return e.get("class", "").split()


def positions(e, attr):
    return [int(x) for x in e.get(attr, "").split()]


def check_instance(g, inst, records, prims, topo):
    """The panel of one instance against the JSON; a list of problems."""
    bad = []
    want = [(p["id"], p["vertices"]) for p in prims if p["instance"] == inst]
    got = [(int(p.get("data-id")), positions(p, "data-vertices"))
           for p in g.iter(SVG + "g") if "prim" in classes(p)]
    if got != want:
        bad.append("primitives %s, expected %s" % (got, want))
    lead = 1 if topo.startswith("LINE") and topo in ADJACENT else 0
    provoking = {p["id"]: p["provoking"] for p in prims
                 if p["instance"] == inst and "provoking" in p}
    adj = ADJACENT.get(topo, [])
    for p in g.iter(SVG + "g"):
        if "prim" not in classes(p) or p.get("data-undrawn"):
            continue
        v = positions(p, "data-vertices")
        leads = [int(c.get("data-position")) for c in p.iter(SVG + "circle")
                 if "leading" in classes(c)]
        want_lead = provoking.get(int(p.get("data-id")), v[lead])
        if leads != [want_lead]:
            bad.append("prim %s: leading %s, expected %s" % (p.get("data-id"), leads, want_lead))
        adjs = [int(r.get("data-position")) for r in p.iter(SVG + "rect")
                if "adjacent" in classes(r)]
        if adjs != [v[k] for k in adj]:
            bad.append("prim %s: adjacent %s" % (p.get("data-id"), adjs))
    mine = [r for r in records if r["instance"] == inst]
    cuts = sorted(int(c.get("data-position")) for c in g.iter(SVG + "g") if "cut" in classes(c))
    if cuts != [r["position"] for r in mine if r["cut"]]:
        bad.append("cuts %s" % cuts)
    verts, oob = [], []
    for v in g.iter(SVG + "g"):
        if "vertex" in classes(v):
            verts += positions(v, "data-positions")
            oob += positions(v, "data-oob-positions")
            if ("oob" in classes(v)) != bool(positions(v, "data-oob-positions")):
                bad.append("vertex %s: oob class without positions" % v.get("data-positions"))
    if sorted(verts) != [r["position"] for r in mine if not r["cut"]]:
        bad.append("vertices %s" % sorted(verts))
    if sorted(oob) != [r["position"] for r in mine if "out_of_bounds" in r]:
        bad.append("out-of-bounds positions %s" % sorted(oob))
    return bad


def main():
    vfetch, case, opts = sys.argv[1], sys.argv[2], sys.argv[3:]
    with tempfile.TemporaryDirectory() as tmp:
        svg = os.path.join(tmp, "p.svg")
        js = subprocess.run([vfetch, "run", "--primitives", "--output", "json", case] + opts,
                            check=True, capture_output=True).stdout
        subprocess.run([vfetch, "run", "--picture", svg, "-o", os.devnull, case] + opts,
                       check=True, capture_output=True)
        root = ET.parse(svg).getroot()
    d = json.loads(js)
    topo = d["draw"].get("PrimitiveTopology", d["draw"].get("topology"))
    if root.get("data-topology") != topo:
        print("%s: topology %s, expected %s" % (case, root.get("data-topology"), topo))
        return 1
    panels = [g for g in root.iter(SVG + "g") if "instance" in classes(g)]
    insts = sorted({r["instance"] for r in d["records"]})
    if [int(g.get("data-instance")) for g in panels] != insts:
        print("%s: panels %s, expected instances %s" % (case, [g.get("data-instance")
                                                            for g in panels], insts))
        return 1
    bad = []
    for g in panels:
        inst = int(g.get("data-instance"))
        bad += ["instance %d: %s" % (inst, b)
                for b in check_instance(g, inst, d["records"], d.get("primitives", []), topo)]
    for b in bad:
        print("%s: %s" % (case, b))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
