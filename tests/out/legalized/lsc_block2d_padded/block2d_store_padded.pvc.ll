define dllexport void @block2d_store_padded(i64 %arg0, i64 %arg1, i32 %arg2, i32 %arg3) {
bb0:
  %v0 = call <64 x i16> @llvm.genx.lsc.load2d.stateless.v64i16.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64(<1 x i1> <i1 true>, i8 0, i8 0, i8 2, i8 1, i8 1, i16 12, i16 4, i8 0, i64 %arg0, i32 1023, i32 63, i32 1023, i32 %arg2, i32 %arg3)
  %v7 = call <32 x i16> @llvm.genx.rdregioni.v32i16.v64i16.i16(<64 x i16> %v0, i32 0, i32 32, i32 1, i16 0, i32 undef)
  %v8 = add <32 x i16> %v7, <i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3>
  %v9 = call <64 x i16> @llvm.genx.wrregioni.v64i16.v32i16.i16.i1(<64 x i16> undef, <32 x i16> %v8, i32 0, i32 32, i32 1, i16 0, i32 undef, i1 true)
  %v10 = call <32 x i16> @llvm.genx.rdregioni.v32i16.v64i16.i16(<64 x i16> %v0, i32 0, i32 32, i32 1, i16 64, i32 undef)
  %v11 = add <32 x i16> %v10, <i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3>
  %v12 = call <64 x i16> @llvm.genx.wrregioni.v64i16.v32i16.i16.i1(<64 x i16> %v9, <32 x i16> %v11, i32 0, i32 32, i32 1, i16 64, i32 undef, i1 true)
  call void @llvm.genx.lsc.store2d.stateless.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64.v64i16(<1 x i1> <i1 true>, i8 0, i8 0, i8 2, i8 1, i8 1, i16 12, i16 4, i8 0, i64 %arg1, i32 39, i32 63, i32 1023, i32 %arg2, i32 %arg3, <64 x i16> %v12)
  %v3 = call <32 x i32> @llvm.genx.lsc.load2d.stateless.v32i32.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64(<1 x i1> <i1 true>, i8 0, i8 0, i8 3, i8 1, i8 1, i16 5, i16 3, i8 0, i64 %arg0, i32 1023, i32 63, i32 1023, i32 %arg2, i32 %arg3)
  %v13 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v3, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v14 = call <24 x i32> @llvm.genx.wrregioni.v24i32.v16i32.i16.i1(<24 x i32> undef, <16 x i32> %v13, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v15 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v3, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v16 = call <24 x i32> @llvm.genx.wrregioni.v24i32.v8i32.i16.i1(<24 x i32> %v14, <8 x i32> %v15, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %v5 = add i32 %arg3, 8
  call void @llvm.genx.lsc.store2d.stateless.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64.v24i32(<1 x i1> <i1 true>, i8 0, i8 0, i8 3, i8 1, i8 1, i16 5, i16 3, i8 0, i64 %arg1, i32 1023, i32 63, i32 1023, i32 %arg2, i32 %v5, <24 x i32> %v16)
  ret void
}

declare <32 x i32> @llvm.genx.lsc.load2d.stateless.v32i32.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64(<1 x i1>, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32)
declare <64 x i16> @llvm.genx.lsc.load2d.stateless.v64i16.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64(<1 x i1>, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32)
declare void @llvm.genx.lsc.store2d.stateless.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64.v24i32(<1 x i1>, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32, <24 x i32>)
declare void @llvm.genx.lsc.store2d.stateless.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64.v64i16(<1 x i1>, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32, <64 x i16>)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <32 x i16> @llvm.genx.rdregioni.v32i16.v64i16.i16(<64 x i16>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <24 x i32> @llvm.genx.wrregioni.v24i32.v16i32.i16.i1(<24 x i32>, <16 x i32>, i32, i32, i32, i16, i32, i1)
declare <24 x i32> @llvm.genx.wrregioni.v24i32.v8i32.i16.i1(<24 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)
declare <64 x i16> @llvm.genx.wrregioni.v64i16.v32i16.i16.i1(<64 x i16>, <32 x i16>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i64, i64, i32, i32)* @block2d_store_padded, !"block2d_store_padded", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0, i32 0}
!2 = !{i32 128, i32 136, i32 144, i32 148}
!3 = !{i32 0, i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"", !""}
