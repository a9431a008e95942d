define dllexport void @clamp3(i32 %arg0, i32 %arg1, i32 %arg2, i32 %arg3, i32 %arg4, i32 %arg5) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg0, i32 %v1)
  %v3 = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> undef, i32 %arg4, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v4 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.i16(<16 x i32> %v3, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v5 = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> undef, i32 %arg5, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v6 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.i16(<16 x i32> %v5, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v7 = call <16 x i32> @llvm.genx.smax.v16i32.v16i32.v16i32(<16 x i32> %v2, <16 x i32> %v4)
  %v8 = call <16 x i32> @llvm.genx.smin.v16i32.v16i32.v16i32(<16 x i32> %v7, <16 x i32> %v6)
  call void @llvm.genx.oword.st.v16i32(i32 %arg2, i32 %v1, <16 x i32> %v8)
  %v10 = call <16 x i32> @llvm.genx.umin.v16i32.v16i32.v16i32(<16 x i32> %v2, <16 x i32> <i32 255, i32 255, i32 255, i32 255, i32 255, i32 255, i32 255, i32 255, i32 255, i32 255, i32 255, i32 255, i32 255, i32 255, i32 255, i32 255>)
  call void @llvm.genx.oword.st.v16i32(i32 %arg3, i32 %v1, <16 x i32> %v10)
  %v12 = call <16 x float> @llvm.genx.oword.ld.v16f32(i32 0, i32 %arg1, i32 %v1)
  %v13 = call <16 x float> @llvm.genx.fmax.v16f32.v16f32.v16f32(<16 x float> %v12, <16 x float> <float 0xBFF0000000000000, float 0xBFF0000000000000, float 0xBFF0000000000000, float 0xBFF0000000000000, float 0xBFF0000000000000, float 0xBFF0000000000000, float 0xBFF0000000000000, float 0xBFF0000000000000, float 0xBFF0000000000000, float 0xBFF0000000000000, float 0xBFF0000000000000, float 0xBFF0000000000000, float 0xBFF0000000000000, float 0xBFF0000000000000, float 0xBFF0000000000000, float 0xBFF0000000000000>)
  %v14 = call <16 x float> @llvm.genx.fmin.v16f32.v16f32.v16f32(<16 x float> %v13, <16 x float> <float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000>)
  call void @llvm.genx.oword.st.v16f32(i32 %arg1, i32 %v1, <16 x float> %v14)
  ret void
}

declare <16 x float> @llvm.genx.fmax.v16f32.v16f32.v16f32(<16 x float>, <16 x float>)
declare <16 x float> @llvm.genx.fmin.v16f32.v16f32.v16f32(<16 x float>, <16 x float>)
declare i32 @llvm.genx.group.id.x.i32()
declare <16 x float> @llvm.genx.oword.ld.v16f32(i32, i32, i32)
declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16f32(i32, i32, <16 x float>)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.smax.v16i32.v16i32.v16i32(<16 x i32>, <16 x i32>)
declare <16 x i32> @llvm.genx.smin.v16i32.v16i32.v16i32(<16 x i32>, <16 x i32>)
declare <16 x i32> @llvm.genx.umin.v16i32.v16i32.v16i32(<16 x i32>, <16 x i32>)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32>, i32, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i32, i32, i32, i32)* @clamp3, !"clamp3", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2, i32 2, i32 2, i32 0, i32 0}
!2 = !{i32 64, i32 68, i32 72, i32 76, i32 80, i32 84}
!3 = !{i32 0, i32 0, i32 0, i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t read_write", !"buffer_t write_only", !"buffer_t write_only", !"", !""}
