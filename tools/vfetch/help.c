/*
 * help.c - the help text of every vfetch command.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char usage_main[] =
    "Usage: vfetch COMMAND [OPTIONS]\n"
    "\n"
    "Does on the CPU what the Direct3D 12 and 11 input assembler, or a Vulkan\n"
    "pipeline's vertex input, does before a vertex shader runs, for a draw\n"
    "described in a JSON case file.\n"
    "\n"
    "Commands:\n"
    "  run CASE.json     run the draw and print every vertex's shader inputs\n"
    "  validate CASE.json\n"
    "                    compile the input layout; print it, or every error\n"
    "  formats           list every DXGI format and its input-assembler support\n"
    "  compare CASE.json CAPTURED\n"
    "                    classify every difference between captured records and vfetch\n"
    "  demo              run a built-in indexed, instanced mesh (no files needed)\n"
    "  version           print the version and the fetch paths of this machine\n"
    "  help [COMMAND]    show help for a command\n"
    "\n"
    "Exit status: 0 success, 1 the case breaks a rule of its API (D3D12, D3D11\n"
    "or Vulkan), 2 bad usage or malformed input. See vfetch(1) for the case format.\n";

/* The help of run up to --isa, whose line names the fetch paths. */
static const char usage_run_head[] =
    "Usage: vfetch run CASE.json [OPTIONS]\n"
    "\n"
    "Runs the draw of CASE.json ('-': standard input) and prints one record per\n"
    "vertex (index position) of every instance: the 4 register words of each\n"
    "input element, SV_VertexID, SV_InstanceID and whether the position was a\n"
    "strip cut.\n"
    "\n"
    "The draw of CASE.json is one of (vfetch(1) describes every field):\n"
    "  D3D12:  Draw: {DrawInstanced | DrawIndexedInstanced: {...}}\n"
    "  D3D12:  ExecuteIndirect: {CommandSignature, MaxCommandCount, ArgumentBuffer[, CountBuffer]}\n"
    "  D3D11:  Draw: {Draw | DrawIndexed | DrawInstanced | DrawIndexedInstanced: {...}}\n"
    "  D3D11:  Draw: {DrawInstancedIndirect | DrawIndexedInstancedIndirect: {Buffer, AlignedByteOffsetForArgs}}\n"
    "  D3D11:  Draw: {DrawAuto: {BufferFilledSize}}\n"
    "  Vulkan: Draw: {vkCmdDraw | vkCmdDrawIndexed: {...}} with \"Api\": \"Vulkan\"\n"
    "\n"
    "Options:\n"
    "  -o, --output-file FILE  write to FILE instead of standard output\n"
    "      --output FORMAT     table (default, for people), json (for scripts),\n"
    "                          csv (one line per record), raw (binary, version 2,\n"
    "                          see vfetch(1)) or raw1 (the version 1 layout)\n"
    "      --raw-version N     raw: write version N (1 or 2, the default)\n"
    "      --instances A..B    only instances A to B (or A alone) of the draw\n"
    "      --positions A..B    only vertex (index) positions A to B of each instance\n"
    "      --hex               table, csv: show every word as a 0x bit pattern\n"
    "      --primitives        also list the primitives the draw assembles, each\n"
    "                          as its vertices' positions, leading vertex first\n"
    "                          (Vulkan, LAST_VERTEX: the provoking one marked *)\n"
    "      --reuse             vertex reuse: each distinct vertex once per instance,\n"
    "                          numbered in first-use order, then the map from\n"
    "                          positions to those records (- for a strip cut;\n"
    "                          table and json only; with --primitives, record\n"
    "                          numbers)\n"
    "      --statistics        table: also print the draw's pipeline statistics\n"
    "                          (IAVertices, IAPrimitives, VSInvocations [min, max];\n"
    "                          Vulkan: INPUT_ASSEMBLY_VERTICES, _PRIMITIVES and\n"
    "                          VERTEX_SHADER_INVOCATIONS, each min..max; json output\n"
    "                          always has them)\n";

/* The rest, after the --isa line help_run writes. */
static const char usage_run_tail[] =
    "      --registers LIST    table, csv, json: only these data registers (NAME,...)\n"
    "      --picture FILE.svg  also draw the primitives as SVG (one panel per instance,\n"
    "                          IDs, leading vertices, adjacency, cuts, out of bounds;\n"
    "                          Vulkan, LAST_VERTEX: the provoking vertices)\n"
    "      --picture-register NAME\n"
    "                          the position for --picture (default SV_Position,\n"
    "                          POSITION)\n"
    "      --projection xy|xy/w\n"
    "                          --picture: x, y as given (default) or divided by w\n"
    "      --threads N         split the draw over a pool of N threads (1..256)\n"
    "      --werror            treat warnings as errors: exit status 1, no records\n"
    "      --kernel-path       say on stderr which kernels the layout runs (generated\n"
    "                          code or per-element, and why) and what generating cost\n"
    "  -h, --help              show this help\n"
    "\n"
    "Integer formats print as integers, float formats as the shortest decimal that\n"
    "reads back to the same float (%.9g). A record that read out of bounds ends in\n"
    "a marker (an \"out of bounds\" column; \"out_of_bounds\" in json and csv).\n"
    "Warnings about the draw (a slot with no buffer, a stride smaller than its\n"
    "elements, reads past a buffer, no index buffer) go to standard error, each\n"
    "naming the D3D12 debug layer's message ID; json output lists them under\n"
    "\"diagnostics\". Exit status 1 if the layout or the draw is invalid, 2 if the\n"
    "case is malformed.\n";

static const char usage_validate[] =
    "Usage: vfetch validate CASE.json [--werror]\n"
    "\n"
    "Compiles the input layout of CASE.json and prints the resolved layout (slot,\n"
    "resolved byte offset, format, class, step rate, component mapping and record\n"
    "register of every element) with exit status 0, or every error found with\n"
    "exit status 1. Also checks the draw: view offsets, strides, the index\n"
    "format and the strip-cut value (errors), and prints the draw's warnings on\n"
    "standard error, each naming the D3D12 debug layer's message ID.\n"
    "      --werror   treat warnings as errors: exit status 1\n"
    "Malformed cases give a one-line message and exit status 2.\n";

static const char usage_formats[] =
    "Usage: vfetch formats [--json]\n"
    "\n"
    "Lists every DXGI format: value, name, bytes per element, components, bits per\n"
    "component, component type, whether the input assembler reads it as vertex\n"
    "data (required, optional or no) and as index data.\n"
    "\n"
    "Options:\n"
    "      --json   print a JSON array instead of a table\n";

static const char usage_compare[] =
    "Usage: vfetch compare CASE.json CAPTURED [OPTIONS]\n"
    "\n"
    "Compares what another implementation (a GPU's vertex shader, say) received\n"
    "for the case with what vfetch computes, value by value, and classifies every\n"
    "difference per format and component: exact, 1ulp (UNORM/SNORM), nan (both\n"
    "NaN from a 16/11/10-bit float), snorm-min (SNORM minimum not clamped to -1),\n"
    "mismatch, sysval (SV_VertexID/SV_InstanceID), cut (strip cuts disagree).\n"
    "CAPTURED is a VFR raw file as 'vfetch run --output raw' writes it, or plain\n"
    "little-endian records laid out as the options say (strip-cut positions are\n"
    "then skipped).\n"
    "\n"
    "Options:\n"
    "      --output FORMAT     text (default) or json\n"
    "      --accept KINDS      accept these differences (comma list of kinds; 'd3d' =\n"
    "                          nan, which D3D allows)\n"
    "      --known-deviations FILE\n"
    "                          accept the differences FILE lists (see vfetch(1))\n"
    "      --device TEXT       the device the known deviations' globs are matched to\n"
    "      --register NAME=OFF plain records: register NAME (e.g. COLOR0) is at byte\n"
    "                          OFF of each record; repeat per register (default: the\n"
    "                          data registers in record order, 16 bytes apart)\n"
    "      --stride N          plain records: bytes per record (default 16 a register)\n"
    "      --offset N          plain records: bytes before the first record\n"
    "      --max-mismatches N  list the first N differences not accepted (default 10)\n"
    "      --robustness MODE   hold out-of-bounds words against the values MODE allows\n"
    "                          (d3d, robustness2, robust-buffer-access,\n"
    "                          attribute-robustness) instead of vfetch's word alone\n"
    "\n"
    "Exit status: 0 equal or every difference accepted, 1 differences, 2 usage or\n"
    "malformed input (a capture too short or of another draw).\n";

static const char usage_demo[] =
    "Usage: vfetch demo [OPTIONS]\n"
    "\n"
    "Runs a built-in case: an indexed quad drawn twice (two instances) with\n"
    "POSITION R32G32B32_FLOAT, NORMAL R10G10B10A2_UNORM, TEXCOORD R16G16_FLOAT and\n"
    "COLOR R8G8B8A8_UNORM interleaved in slot 0, and a per-instance OFFSET\n"
    "R32G32_FLOAT in slot 1 (step rate 1).\n"
    "\n"
    "Options: those of 'vfetch run', and\n"
    "      --case   print the demo's JSON case instead of running it\n";

static const char usage_version[] =
    "Usage: vfetch version\n"
    "\n"
    "Prints the library version and every fetch path, marking those this machine\n"
    "can run and the one chosen by default.\n";

/* Help lines hold at most this many columns; an option's text starts at
 * HELP_INDENT. */
#define HELP_WIDTH 79
#define HELP_INDENT 26

/* `text` word by word from column `col`, continuation lines indented. */
static void help_wrap(FILE *f, const char *text, size_t col)
{
    const char *w = text;

    while (*w != '\0') {
        size_t n = strcspn(w, " ");
        if (col > HELP_INDENT && col + 1 + n > HELP_WIDTH) {
            fprintf(f, "\n%*s", HELP_INDENT, "");
            col = HELP_INDENT;
        } else if (col > HELP_INDENT) {
            fputc(' ', f);
            col++;
        }
        fwrite(w, 1, n, f);
        col += n;
        w += n;
        w += strspn(w, " ");
    }
    fputc('\n', f);
}

/* --isa names every fetch path the library knows (vf_isa_name). */
static void help_isa(FILE *f)
{
    static const char head[] = "      --isa NAME          ";
    char text[256] = "force a fetch path:";

    for (uint32_t i = VF_ISA_SCALAR; i < VF_ISA_COUNT; i++) {
        if (vf_isa_name(i) == NULL)
            continue;
        strncat(text, " ", sizeof(text) - strlen(text) - 1);
        strncat(text, vf_isa_name(i), sizeof(text) - strlen(text) - 1);
        strncat(text, ",", sizeof(text) - strlen(text) - 1);
    }
    text[strlen(text) - 1] = '\0'; /* the last comma */
    strncat(text, " (default: VFETCH_ISA, else the best available)",
            sizeof(text) - strlen(text) - 1);
    fputs(head, f);
    help_wrap(f, text, sizeof(head) - 1);
}

void help_main_to(FILE *f)
{
    fputs(usage_main, f);
}

void help_main(void)
{
    help_main_to(stdout);
}

void help_run(void)
{
    fputs(usage_run_head, stdout);
    help_isa(stdout);
    fputs(usage_run_tail, stdout);
}

void help_validate(void)
{
    fputs(usage_validate, stdout);
}

void help_formats(void)
{
    fputs(usage_formats, stdout);
}

void help_compare(void)
{
    fputs(usage_compare, stdout);
}

void help_demo(void)
{
    fputs(usage_demo, stdout);
}

void help_version(void)
{
    fputs(usage_version, stdout);
}
