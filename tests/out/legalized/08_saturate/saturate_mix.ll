define dllexport void @saturate_mix(i32 %arg0, i32 %arg1, i32 %arg2, i32 %arg3, i32 %arg4, i32 %arg5, i32 %arg6) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 3
  %v2 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 %v1)
  %v3 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg1, i32 %v1)
  %v16 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v2, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v17 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v3, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v18 = fadd <16 x float> %v16, %v17
  %v20 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v2, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v21 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v3, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v22 = fadd <16 x float> %v20, %v21
  %v25 = call <16 x float> @llvm.genx.sat.v16f32.v16f32(<16 x float> %v18)
  %v26 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> undef, <16 x float> %v25, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v28 = call <16 x float> @llvm.genx.sat.v16f32.v16f32(<16 x float> %v22)
  %v29 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v26, <16 x float> %v28, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v32f32(i32 %arg2, i32 %v1, <32 x float> %v29)
  %v30 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v29, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v31 = fmul <16 x float> %v30, <float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000>
  %v33 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v29, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v34 = fmul <16 x float> %v33, <float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000>
  %v37 = call <16 x i8> @llvm.genx.fptoui.sat.v16i8.v16f32(<16 x float> %v31)
  %v38 = call <32 x i8> @llvm.genx.wrregioni.v32i8.v16i8.i16.i1(<32 x i8> undef, <16 x i8> %v37, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v40 = call <16 x i8> @llvm.genx.fptoui.sat.v16i8.v16f32(<16 x float> %v34)
  %v41 = call <32 x i8> @llvm.genx.wrregioni.v32i8.v16i8.i16.i1(<32 x i8> %v38, <16 x i8> %v40, i32 0, i32 16, i32 1, i16 16, i32 undef, i1 true)
  %v9 = shl i32 %v0, 1
  call void @llvm.genx.oword.st.v32i8(i32 %arg3, i32 %v9, <32 x i8> %v41)
  %v11 = shl i32 %v0, 2
  %v12 = call <32 x i16> @llvm.genx.oword.ld.v32i16(i32 0, i32 %arg4, i32 %v11)
  %v13 = call <32 x i16> @llvm.genx.oword.ld.v32i16(i32 0, i32 %arg5, i32 %v11)
  %v14 = call <32 x i16> @llvm.genx.ssadd.sat.v32i16.v32i16.v32i16(<32 x i16> %v12, <32 x i16> %v13)
  call void @llvm.genx.oword.st.v32i16(i32 %arg6, i32 %v11, <32 x i16> %v14)
  ret void
}

declare <16 x i8> @llvm.genx.fptoui.sat.v16i8.v16f32(<16 x float>)
declare i32 @llvm.genx.group.id.x.i32()
declare <32 x float> @llvm.genx.oword.ld.v32f32(i32, i32, i32)
declare <32 x i16> @llvm.genx.oword.ld.v32i16(i32, i32, i32)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)
declare void @llvm.genx.oword.st.v32i16(i32, i32, <32 x i16>)
declare void @llvm.genx.oword.st.v32i8(i32, i32, <32 x i8>)
declare <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <16 x float> @llvm.genx.sat.v16f32.v16f32(<16 x float>)
declare <32 x i16> @llvm.genx.ssadd.sat.v32i16.v32i16.v32i16(<32 x i16>, <32 x i16>)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float>, <16 x float>, i32, i32, i32, i16, i32, i1)
declare <32 x i8> @llvm.genx.wrregioni.v32i8.v16i8.i16.i1(<32 x i8>, <16 x i8>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i32, i32, i32, i32, i32)* @saturate_mix, !"saturate_mix", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2}
!2 = !{i32 64, i32 68, i32 72, i32 76, i32 80, i32 84, i32 88}
!3 = !{i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t read_only", !"buffer_t write_only", !"buffer_t write_only", !"buffer_t read_only", !"buffer_t read_only", !"buffer_t write_only"}
