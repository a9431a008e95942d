define dllexport void @fsat(i32 %arg0, i32 %arg1, i32 %arg2, i32 %arg3, i32 %arg4) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = call <16 x float> @llvm.genx.oword.ld.v16f32(i32 0, i32 %arg0, i32 %v1)
  %v3 = call <16 x float> @llvm.genx.oword.ld.v16f32(i32 0, i32 %arg1, i32 %v1)
  %v4 = call <16 x float> @llvm.fma.v16f32(<16 x float> %v2, <16 x float> %v3, <16 x float> <float 0x3FD0000000000000, float 0x3FD0000000000000, float 0x3FD0000000000000, float 0x3FD0000000000000, float 0x3FD0000000000000, float 0x3FD0000000000000, float 0x3FD0000000000000, float 0x3FD0000000000000, float 0x3FD0000000000000, float 0x3FD0000000000000, float 0x3FD0000000000000, float 0x3FD0000000000000, float 0x3FD0000000000000, float 0x3FD0000000000000, float 0x3FD0000000000000, float 0x3FD0000000000000>)
  %v5 = call <16 x float> @llvm.genx.sat.v16f32.v16f32(<16 x float> %v4)
  call void @llvm.genx.oword.st.v16f32(i32 %arg2, i32 %v1, <16 x float> %v5)
  %v7 = call <16 x i16> @llvm.genx.fptosi.sat.v16i16.v16f32(<16 x float> %v2)
  %v8 = shl i32 %v0, 1
  call void @llvm.genx.oword.st.v16i16(i32 %arg3, i32 %v8, <16 x i16> %v7)
  %v10 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg4, i32 %v1)
  %v11 = call <16 x i32> @llvm.umax.v16i32(<16 x i32> %v10, <16 x i32> <i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16>)
  %v12 = call <16 x i32> @llvm.umin.v16i32(<16 x i32> %v11, <16 x i32> <i32 235, i32 235, i32 235, i32 235, i32 235, i32 235, i32 235, i32 235, i32 235, i32 235, i32 235, i32 235, i32 235, i32 235, i32 235, i32 235>)
  call void @llvm.genx.oword.st.v16i32(i32 %arg4, i32 %v1, <16 x i32> %v12)
  ret void
}

declare <16 x float> @llvm.fma.v16f32(<16 x float>, <16 x float>, <16 x float>)
declare <16 x i16> @llvm.genx.fptosi.sat.v16i16.v16f32(<16 x float>)
declare i32 @llvm.genx.group.id.x.i32()
declare <16 x float> @llvm.genx.oword.ld.v16f32(i32, i32, i32)
declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16f32(i32, i32, <16 x float>)
declare void @llvm.genx.oword.st.v16i16(i32, i32, <16 x i16>)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
declare <16 x float> @llvm.genx.sat.v16f32.v16f32(<16 x float>)
declare <16 x i32> @llvm.umax.v16i32(<16 x i32>, <16 x i32>)
declare <16 x i32> @llvm.umin.v16i32(<16 x i32>, <16 x i32>)

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i32, i32, i32)* @fsat, !"fsat", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2, i32 2, i32 2, i32 2}
!2 = !{i32 128, i32 132, i32 136, i32 140, i32 144}
!3 = !{i32 0, i32 0, i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t read_only", !"buffer_t write_only", !"buffer_t write_only", !"buffer_t read_write"}
