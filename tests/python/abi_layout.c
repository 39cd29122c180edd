/*
 * abi_layout.c - the C side of the Python package's ABI mirror: the size of
 * every struct that python/vfetch/_lib.py declares with ctypes, the offset
 * and size of each of its fields in order, and the value of the constants
 * the package writes by value. test_abi.py compares them with ctypes.
 *
 * One line each:
 *   size   STRUCT BYTES
 *   field  STRUCT FIELD OFFSET BYTES
 *   const  NAME VALUE
 */
#include <stddef.h>
#include <stdio.h>

#include "vfetch.h"
#include "vfetch_d3d11.h"
#include "vfetch_indirect.h"

#define SIZE(type) printf("size %s %zu\n", #type, sizeof(type))
#define FIELD(type, field)                                                             \
    printf("field %s %s %zu %zu\n", #type, #field, offsetof(type, field),             \
           sizeof(((type *)0)->field))
#define CONST(name) printf("const %s %llu\n", #name, (unsigned long long)(name))

static void formats_and_layouts(void)
{
    SIZE(vf_format_desc);
    FIELD(vf_format_desc, format);
    FIELD(vf_format_desc, name);
    FIELD(vf_format_desc, bytes);
    FIELD(vf_format_desc, num_components);
    FIELD(vf_format_desc, bits);
    FIELD(vf_format_desc, shift);
    FIELD(vf_format_desc, type);
    FIELD(vf_format_desc, ia_support);

    SIZE(vf_input_element_desc);
    FIELD(vf_input_element_desc, semantic_name);
    FIELD(vf_input_element_desc, semantic_index);
    FIELD(vf_input_element_desc, format);
    FIELD(vf_input_element_desc, input_slot);
    FIELD(vf_input_element_desc, aligned_byte_offset);
    FIELD(vf_input_element_desc, input_slot_class);
    FIELD(vf_input_element_desc, instance_data_step_rate);

    SIZE(vf_signature_element);
    FIELD(vf_signature_element, semantic_name);
    FIELD(vf_signature_element, semantic_index);
    FIELD(vf_signature_element, register_index);
    FIELD(vf_signature_element, mask);
    FIELD(vf_signature_element, component_type);

    SIZE(vf_layout_options);
    FIELD(vf_layout_options, struct_size);
    FIELD(vf_layout_options, component_mappings);
    FIELD(vf_layout_options, max_input_slots);
    FIELD(vf_layout_options, signature);
    FIELD(vf_layout_options, signature_count);
    FIELD(vf_layout_options, system_values);
    FIELD(vf_layout_options, output_shape);
    FIELD(vf_layout_options, isa);
    FIELD(vf_layout_options, generator);

    SIZE(vf_kernel_path_info);
    FIELD(vf_kernel_path_info, path);
    FIELD(vf_kernel_path_info, reason);
    FIELD(vf_kernel_path_info, slots);
    FIELD(vf_kernel_path_info, generated_slots);
    FIELD(vf_kernel_path_info, code_bytes);
    FIELD(vf_kernel_path_info, generation_ns);
    FIELD(vf_kernel_path_info, quad_slots);
    FIELD(vf_kernel_path_info, line_slots);
    FIELD(vf_kernel_path_info, soa_slots);
}

static void diagnostics_and_infos(void)
{
    SIZE(vf_diagnostic);
    FIELD(vf_diagnostic, code);
    FIELD(vf_diagnostic, severity);
    FIELD(vf_diagnostic, element_index);
    FIELD(vf_diagnostic, signature_index);
    FIELD(vf_diagnostic, message);

    SIZE(vf_diagnostics);
    FIELD(vf_diagnostics, count);
    FIELD(vf_diagnostics, num_errors);
    FIELD(vf_diagnostics, num_warnings);
    FIELD(vf_diagnostics, num_dropped);
    FIELD(vf_diagnostics, entries);

    SIZE(vf_layout_element_info);
    FIELD(vf_layout_element_info, semantic_name);
    FIELD(vf_layout_element_info, semantic_index);
    FIELD(vf_layout_element_info, format);
    FIELD(vf_layout_element_info, input_slot);
    FIELD(vf_layout_element_info, byte_offset);
    FIELD(vf_layout_element_info, input_slot_class);
    FIELD(vf_layout_element_info, instance_data_step_rate);
    FIELD(vf_layout_element_info, component_mapping);
    FIELD(vf_layout_element_info, record_register);

    SIZE(vf_layout_register_info);
    FIELD(vf_layout_register_info, kind);
    FIELD(vf_layout_register_info, element_index);
    FIELD(vf_layout_register_info, shader_register);
}

static void views_and_draws(void)
{
    SIZE(vf_vertex_buffer_view);
    FIELD(vf_vertex_buffer_view, data);
    FIELD(vf_vertex_buffer_view, size_in_bytes);
    FIELD(vf_vertex_buffer_view, stride_in_bytes);

    SIZE(vf_index_buffer_view);
    FIELD(vf_index_buffer_view, data);
    FIELD(vf_index_buffer_view, size_in_bytes);
    FIELD(vf_index_buffer_view, format);

    SIZE(vf_primitive_cursor);
    FIELD(vf_primitive_cursor, next_primitive);
    FIELD(vf_primitive_cursor, internal_);

    SIZE(vf_draw_desc);
    FIELD(vf_draw_desc, struct_size);
    FIELD(vf_draw_desc, vertex_buffers);
    FIELD(vf_draw_desc, num_vertex_buffers);
    FIELD(vf_draw_desc, indexed);
    FIELD(vf_draw_desc, index_buffer);
    FIELD(vf_draw_desc, strip_cut_value);
    FIELD(vf_draw_desc, primitive_topology);
    FIELD(vf_draw_desc, vertex_count_per_instance);
    FIELD(vf_draw_desc, instance_count);
    FIELD(vf_draw_desc, start_location);
    FIELD(vf_draw_desc, base_vertex_location);
    FIELD(vf_draw_desc, start_instance_location);
    FIELD(vf_draw_desc, pool);

    SIZE(vf_pipeline_statistics);
    FIELD(vf_pipeline_statistics, ia_vertices);
    FIELD(vf_pipeline_statistics, ia_vertices_min);
    FIELD(vf_pipeline_statistics, ia_primitives);
    FIELD(vf_pipeline_statistics, vs_invocations_min);
    FIELD(vf_pipeline_statistics, vs_invocations_max);
}

static void d3d11_structs(void)
{
    SIZE(vf_buffer_desc);
    FIELD(vf_buffer_desc, byte_width);
    FIELD(vf_buffer_desc, usage);
    FIELD(vf_buffer_desc, bind_flags);
    FIELD(vf_buffer_desc, cpu_access_flags);
    FIELD(vf_buffer_desc, misc_flags);
    FIELD(vf_buffer_desc, structure_byte_stride);

    SIZE(vf_subresource_data);
    FIELD(vf_subresource_data, sys_mem);
    FIELD(vf_subresource_data, sys_mem_pitch);
    FIELD(vf_subresource_data, sys_mem_slice_pitch);

    SIZE(vf_d3d11_vertex_binding);
    FIELD(vf_d3d11_vertex_binding, buffer);
    FIELD(vf_d3d11_vertex_binding, stride);
    FIELD(vf_d3d11_vertex_binding, offset);

    SIZE(vf_d3d11_ia_state);
    FIELD(vf_d3d11_ia_state, struct_size);
    FIELD(vf_d3d11_ia_state, feature_level);
    FIELD(vf_d3d11_ia_state, num_slots);
    FIELD(vf_d3d11_ia_state, input_layout);
    FIELD(vf_d3d11_ia_state, primitive_topology);
    FIELD(vf_d3d11_ia_state, vertex_buffers);
    FIELD(vf_d3d11_ia_state, index_buffer);
    FIELD(vf_d3d11_ia_state, index_format);
    FIELD(vf_d3d11_ia_state, index_offset);
    FIELD(vf_d3d11_ia_state, pool);

    SIZE(vf_d3d11_draw_views);
    FIELD(vf_d3d11_draw_views, desc);
    FIELD(vf_d3d11_draw_views, layout);
    FIELD(vf_d3d11_draw_views, vertex_buffers);
    FIELD(vf_d3d11_draw_views, index_buffer);
}

/* The constants _lib.py names, by value. */
static void library_constants(void)
{
    CONST(VF_GENERATOR_AUTO);
    CONST(VF_GENERATOR_OFF);
    CONST(VF_FORMAT_R32_UINT);
    CONST(VF_FORMAT_R16_UINT);
    CONST(VF_ERROR_NULL_POINTER);
    CONST(VF_ERROR_OVERFLOW);
    CONST(VF_ERROR_OUTPUT_TOO_SMALL);
    CONST(VF_MAX_DIAGNOSTICS);
    CONST(VF_DIAGNOSTIC_MESSAGE_SIZE);
    CONST(VF_APPEND_ALIGNED_ELEMENT);
    CONST(VF_DEFAULT_COMPONENT_MAPPING);
    CONST(VF_COMPONENT_MAPPING_ALWAYS_SET_BIT);
    CONST(VF_MAX_INPUT_SLOTS);
    CONST(VF_SV_VERTEX_ID);
    CONST(VF_SV_INSTANCE_ID);
    CONST(VF_SV_FLAGS);
    CONST(VF_FLAG_STRIP_CUT);
    CONST(VF_REGISTER_ELEMENT);
    CONST(VF_REGISTER_VERTEX_ID);
    CONST(VF_REGISTER_INSTANCE_ID);
    CONST(VF_REGISTER_SYSTEM);
    CONST(VF_D3D11_SLOTS_BELOW_10_1);
    CONST(VF_D3D11_MAX_INPUT_SLOTS);
    CONST(VF_REUSE_CUT);
}

/* The families behind the package's name tables (a JSON name -> value). */
static void case_format_names(void)
{
    CONST(VF_INPUT_PER_VERTEX_DATA);
    CONST(VF_INPUT_PER_INSTANCE_DATA);
    CONST(VF_REGISTER_COMPONENT_UNKNOWN);
    CONST(VF_REGISTER_COMPONENT_UINT32);
    CONST(VF_REGISTER_COMPONENT_SINT32);
    CONST(VF_REGISTER_COMPONENT_FLOAT32);
    CONST(VF_STRIP_CUT_VALUE_DISABLED);
    CONST(VF_STRIP_CUT_VALUE_0xFFFF);
    CONST(VF_STRIP_CUT_VALUE_0xFFFFFFFF);
    CONST(VF_TOPOLOGY_UNDEFINED);
    CONST(VF_TOPOLOGY_POINTLIST);
    CONST(VF_TOPOLOGY_LINELIST);
    CONST(VF_TOPOLOGY_LINESTRIP);
    CONST(VF_TOPOLOGY_TRIANGLELIST);
    CONST(VF_TOPOLOGY_TRIANGLESTRIP);
    CONST(VF_TOPOLOGY_LINELIST_ADJ);
    CONST(VF_TOPOLOGY_LINESTRIP_ADJ);
    CONST(VF_TOPOLOGY_TRIANGLELIST_ADJ);
    CONST(VF_TOPOLOGY_TRIANGLESTRIP_ADJ);
    CONST(VF_TOPOLOGY_1_CONTROL_POINT_PATCHLIST);
    CONST(VF_TOPOLOGY_32_CONTROL_POINT_PATCHLIST);
}

static void d3d11_names(void)
{
    CONST(VF_FEATURE_LEVEL_9_1);
    CONST(VF_FEATURE_LEVEL_9_2);
    CONST(VF_FEATURE_LEVEL_9_3);
    CONST(VF_FEATURE_LEVEL_10_0);
    CONST(VF_FEATURE_LEVEL_10_1);
    CONST(VF_FEATURE_LEVEL_11_0);
    CONST(VF_FEATURE_LEVEL_11_1);
    CONST(VF_FEATURE_LEVEL_12_0);
    CONST(VF_FEATURE_LEVEL_12_1);
    CONST(VF_FEATURE_LEVEL_12_2);
    CONST(VF_USAGE_DEFAULT);
    CONST(VF_USAGE_IMMUTABLE);
    CONST(VF_USAGE_DYNAMIC);
    CONST(VF_USAGE_STAGING);
    CONST(VF_BIND_VERTEX_BUFFER);
    CONST(VF_BIND_INDEX_BUFFER);
    CONST(VF_BIND_CONSTANT_BUFFER);
    CONST(VF_BIND_SHADER_RESOURCE);
    CONST(VF_BIND_STREAM_OUTPUT);
    CONST(VF_BIND_RENDER_TARGET);
    CONST(VF_BIND_DEPTH_STENCIL);
    CONST(VF_BIND_UNORDERED_ACCESS);
    CONST(VF_BIND_DECODER);
    CONST(VF_BIND_VIDEO_ENCODER);
    CONST(VF_CPU_ACCESS_WRITE);
    CONST(VF_CPU_ACCESS_READ);
    CONST(VF_RESOURCE_MISC_SHARED);
    CONST(VF_RESOURCE_MISC_DRAWINDIRECT_ARGS);
    CONST(VF_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
    CONST(VF_RESOURCE_MISC_BUFFER_STRUCTURED);
    CONST(VF_RESOURCE_MISC_TILED);
}

static void format_info_names(void)
{
    CONST(VF_TYPE_NONE);
    CONST(VF_TYPE_TYPELESS);
    CONST(VF_TYPE_UNORM);
    CONST(VF_TYPE_SNORM);
    CONST(VF_TYPE_UINT);
    CONST(VF_TYPE_SINT);
    CONST(VF_TYPE_FLOAT);
    CONST(VF_TYPE_UFLOAT);
    CONST(VF_TYPE_UNORM_SRGB);
    CONST(VF_TYPE_SHAREDEXP);
    CONST(VF_TYPE_OTHER);
    CONST(VF_IA_VERTEX_BUFFER);
    CONST(VF_IA_INDEX_BUFFER);
    CONST(VF_IA_VERTEX_BUFFER_OPTIONAL);
}

/* ExecuteIndirect (python/vfetch/_indirect.py): the signature, the address
 * table, the call, the walk and the command it hands out. */
static void indirect_structs(void)
{
    SIZE(vf_indirect_argument_desc);
    FIELD(vf_indirect_argument_desc, type);
    FIELD(vf_indirect_argument_desc, u);

    SIZE(vf_command_signature_desc);
    FIELD(vf_command_signature_desc, byte_stride);
    FIELD(vf_command_signature_desc, num_argument_descs);
    FIELD(vf_command_signature_desc, argument_descs);
    FIELD(vf_command_signature_desc, node_mask);

    SIZE(vf_gpu_address_range);
    FIELD(vf_gpu_address_range, base);
    FIELD(vf_gpu_address_range, size);
    FIELD(vf_gpu_address_range, host);

    SIZE(vf_execute_indirect_desc);
    FIELD(vf_execute_indirect_desc, struct_size);
    FIELD(vf_execute_indirect_desc, signature);
    FIELD(vf_execute_indirect_desc, max_command_count);
    FIELD(vf_execute_indirect_desc, argument_buffer);
    FIELD(vf_execute_indirect_desc, argument_buffer_size);
    FIELD(vf_execute_indirect_desc, argument_buffer_offset);
    FIELD(vf_execute_indirect_desc, count_buffer);
    FIELD(vf_execute_indirect_desc, count_buffer_size);
    FIELD(vf_execute_indirect_desc, count_buffer_offset);
    FIELD(vf_execute_indirect_desc, ranges);
    FIELD(vf_execute_indirect_desc, range_count);
    FIELD(vf_execute_indirect_desc, vertex_buffers);
    FIELD(vf_execute_indirect_desc, num_vertex_buffers);
    FIELD(vf_execute_indirect_desc, index_buffer);
    FIELD(vf_execute_indirect_desc, strip_cut_value);
    FIELD(vf_execute_indirect_desc, primitive_topology);
    FIELD(vf_execute_indirect_desc, pool);

    SIZE(vf_indirect_walk);
    FIELD(vf_indirect_walk, command_count);
    FIELD(vf_indirect_walk, next_command);
    FIELD(vf_indirect_walk, desc_);
    FIELD(vf_indirect_walk, info_);
    FIELD(vf_indirect_walk, slot_end_);

    SIZE(vf_indirect_command);
    FIELD(vf_indirect_command, command);
    FIELD(vf_indirect_command, result);
    FIELD(vf_indirect_command, argument_offset);
    FIELD(vf_indirect_command, incrementing_constant);
    FIELD(vf_indirect_command, draw);
    FIELD(vf_indirect_command, vertex_buffers);
    FIELD(vf_indirect_command, index_buffer);
}

/* The named members of vf_indirect_argument_desc's union, which
 * _indirect.ArgumentDesc holds as three words (_indirect.TYPE_FIELDS says
 * which word is which), and the signature facts a walk keeps, which
 * _indirect.Walk holds as six words: printed as the fields of the
 * pseudo-struct "vf_indirect_argument_desc.u" and of
 * vf_command_signature_info. */
#define UNION_WORD(member)                                                             \
    printf("field vf_indirect_argument_desc.u u.%s %zu %zu\n", #member,                \
           offsetof(vf_indirect_argument_desc, u.member),                             \
           sizeof(((vf_indirect_argument_desc *)0)->u.member))

static void indirect_words(void)
{
    UNION_WORD(vertex_buffer.slot);
    UNION_WORD(constant.root_parameter_index);
    UNION_WORD(constant.dest_offset_in_32bit_values);
    UNION_WORD(constant.num_32bit_values_to_set);
    UNION_WORD(constant_buffer_view.root_parameter_index);
    UNION_WORD(shader_resource_view.root_parameter_index);
    UNION_WORD(unordered_access_view.root_parameter_index);
    UNION_WORD(incrementing_constant.root_parameter_index);
    UNION_WORD(incrementing_constant.dest_offset_in_32bit_values);

    SIZE(vf_command_signature_info);
    FIELD(vf_command_signature_info, indexed);
    FIELD(vf_command_signature_info, arguments_size);
    FIELD(vf_command_signature_info, draw_offset);
    FIELD(vf_command_signature_info, sets_index_buffer);
    FIELD(vf_command_signature_info, vertex_slot_mask);
    FIELD(vf_command_signature_info, has_incrementing_constant);
}

/* The argument types by value (_indirect.TYPES and its named ones), and
 * the zero-command warning the package tests for. */
static void indirect_names(void)
{
    CONST(VF_INDIRECT_ARGUMENT_TYPE_DRAW);
    CONST(VF_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED);
    CONST(VF_INDIRECT_ARGUMENT_TYPE_DISPATCH);
    CONST(VF_INDIRECT_ARGUMENT_TYPE_VERTEX_BUFFER_VIEW);
    CONST(VF_INDIRECT_ARGUMENT_TYPE_INDEX_BUFFER_VIEW);
    CONST(VF_INDIRECT_ARGUMENT_TYPE_CONSTANT);
    CONST(VF_INDIRECT_ARGUMENT_TYPE_CONSTANT_BUFFER_VIEW);
    CONST(VF_INDIRECT_ARGUMENT_TYPE_SHADER_RESOURCE_VIEW);
    CONST(VF_INDIRECT_ARGUMENT_TYPE_UNORDERED_ACCESS_VIEW);
    CONST(VF_INDIRECT_ARGUMENT_TYPE_DISPATCH_RAYS);
    CONST(VF_INDIRECT_ARGUMENT_TYPE_DISPATCH_MESH);
    CONST(VF_INDIRECT_ARGUMENT_TYPE_INCREMENTING_CONSTANT);
    CONST(VF_WARNING_INDIRECT_ZERO_COMMANDS);
}

int main(void)
{
    formats_and_layouts();
    diagnostics_and_infos();
    views_and_draws();
    d3d11_structs();
    library_constants();
    case_format_names();
    d3d11_names();
    format_info_names();
    indirect_structs();
    indirect_words();
    indirect_names();
    return fflush(stdout) != 0 || ferror(stdout) ? 1 : 0;
}
