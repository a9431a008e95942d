define dllexport void @saturate_mix(i32 %arg0, i32 %arg1, i32 %arg2, i32 %arg3, i32 %arg4, i32 %arg5, i32 %arg6) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 3
  %v2 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 %v1)
  %v3 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg1, i32 %v1)
  %v4 = fadd <32 x float> %v2, %v3
  %v5 = call <32 x float> @llvm.genx.sat.v32f32.v32f32(<32 x float> %v4)
  call void @llvm.genx.oword.st.v32f32(i32 %arg2, i32 %v1, <32 x float> %v5)
  %v7 = fmul <32 x float> %v5, <float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000, float 0x406FE00000000000>
  %v8 = call <32 x i8> @llvm.genx.fptoui.sat.v32i8.v32f32(<32 x float> %v7)
  %v9 = shl i32 %v0, 1
  call void @llvm.genx.oword.st.v32i8(i32 %arg3, i32 %v9, <32 x i8> %v8)
  %v11 = shl i32 %v0, 2
  %v12 = call <32 x i16> @llvm.genx.oword.ld.v32i16(i32 0, i32 %arg4, i32 %v11)
  %v13 = call <32 x i16> @llvm.genx.oword.ld.v32i16(i32 0, i32 %arg5, i32 %v11)
  %v14 = call <32 x i16> @llvm.genx.ssadd.sat.v32i16.v32i16.v32i16(<32 x i16> %v12, <32 x i16> %v13)
  call void @llvm.genx.oword.st.v32i16(i32 %arg6, i32 %v11, <32 x i16> %v14)
  ret void
}

declare <32 x i8> @llvm.genx.fptoui.sat.v32i8.v32f32(<32 x float>)
declare i32 @llvm.genx.group.id.x.i32()
declare <32 x float> @llvm.genx.oword.ld.v32f32(i32, i32, i32)
declare <32 x i16> @llvm.genx.oword.ld.v32i16(i32, i32, i32)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)
declare void @llvm.genx.oword.st.v32i16(i32, i32, <32 x i16>)
declare void @llvm.genx.oword.st.v32i8(i32, i32, <32 x i8>)
declare <32 x float> @llvm.genx.sat.v32f32.v32f32(<32 x float>)
declare <32 x i16> @llvm.genx.ssadd.sat.v32i16.v32i16.v32i16(<32 x i16>, <32 x i16>)

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i32, i32, i32, i32, i32)* @saturate_mix, !"saturate_mix", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2}
!2 = !{i32 128, i32 132, i32 136, i32 140, i32 144, i32 148, i32 152}
!3 = !{i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t read_only", !"buffer_t write_only", !"buffer_t write_only", !"buffer_t read_only", !"buffer_t read_only", !"buffer_t write_only"}
