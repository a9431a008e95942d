define dllexport void @lsc_bindless(i32 %arg0, <16 x i32> %arg1) {
bb0:
  %v0 = call <16 x float> @llvm.genx.lsc.load.bindless.v16f32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 0, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <16 x i32> %arg1, i32 %arg0)
  %v1 = fmul <16 x float> %v0, <float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000>
  call void @llvm.genx.lsc.store.bindless.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32.v16f32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 4, i8 0, i8 0, i16 1, i32 64, i8 3, i8 1, i8 1, i8 0, <16 x i32> %arg1, <16 x float> %v1, i32 %arg0)
  ret void
}

declare <16 x float> @llvm.genx.lsc.load.bindless.v16f32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i32>, i32)
declare void @llvm.genx.lsc.store.bindless.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32.v16f32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i32>, <16 x float>, i32)

!genx.kernels = !{!0}
!0 = !{void (i32, <16 x i32>)* @lsc_bindless, !"lsc_bindless", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0}
!2 = !{i32 128, i32 192}
!3 = !{i32 0, i32 0}
!4 = !{!"", !""}
