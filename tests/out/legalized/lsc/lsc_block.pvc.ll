define dllexport void @lsc_block(i64 %arg0) {
bb0:
  %v0 = call <16 x i32> @llvm.genx.lsc.load.stateless.v16i32.v1i1.i8.i8.i8.i16.i8.i8.i8.i8.i64(<1 x i1> <i1 true>, i8 0, i8 0, i8 0, i16 1, i32 0, i8 3, i8 6, i8 2, i8 0, i64 %arg0, i32 0)
  %v1 = shl <16 x i32> %v0, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  call void @llvm.genx.lsc.store.stateless.v1i1.i8.i8.i8.i16.i8.i8.i8.i8.i64.v16i32(<1 x i1> <i1 true>, i8 4, i8 0, i8 0, i16 1, i32 512, i8 3, i8 6, i8 2, i8 0, i64 %arg0, <16 x i32> %v1, i32 0)
  ret void
}

declare <16 x i32> @llvm.genx.lsc.load.stateless.v16i32.v1i1.i8.i8.i8.i16.i8.i8.i8.i8.i64(<1 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, i64, i32)
declare void @llvm.genx.lsc.store.stateless.v1i1.i8.i8.i8.i16.i8.i8.i8.i8.i64.v16i32(<1 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, i64, <16 x i32>, i32)

!genx.kernels = !{!0}
!0 = !{void (i64)* @lsc_block, !"lsc_block", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0}
!2 = !{i32 128}
!3 = !{i32 0}
!4 = !{!"svmptr_t"}
